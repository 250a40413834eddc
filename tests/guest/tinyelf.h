/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The smallest x86_64 executable that exits with status 0, for tests and
 * benchmarks that execute many files: an ELF header, one loadable segment
 * holding both, and "xor edi, edi; mov eax, 60 (exit); syscall".  Bytes
 * appended after it (to make versions of a file differ) are not loaded.
 */
#ifndef IMANS_TESTS_TINYELF_H
#define IMANS_TESTS_TINYELF_H
#include <elf.h>
#include <stddef.h>
#include <string.h>

#define TINYELF_LOAD_ADDR 0x400000

struct tinyelf {
	Elf64_Ehdr ehdr;
	Elf64_Phdr phdr;
	unsigned char code[9];
} __attribute__((packed));

static inline void tinyelf_build(struct tinyelf *img)
{
	static const unsigned char exit_code[] = {
		0x31, 0xff, 0xb8, 0x3c, 0x00, 0x00, 0x00, 0x0f, 0x05,
	};

	memset(img, 0, sizeof(*img));
	memcpy(img->ehdr.e_ident, ELFMAG, SELFMAG);
	img->ehdr.e_ident[EI_CLASS] = ELFCLASS64;
	img->ehdr.e_ident[EI_DATA] = ELFDATA2LSB;
	img->ehdr.e_ident[EI_VERSION] = EV_CURRENT;
	img->ehdr.e_type = ET_EXEC;
	img->ehdr.e_machine = EM_X86_64;
	img->ehdr.e_version = EV_CURRENT;
	img->ehdr.e_entry = TINYELF_LOAD_ADDR + offsetof(struct tinyelf, code);
	img->ehdr.e_phoff = offsetof(struct tinyelf, phdr);
	img->ehdr.e_ehsize = sizeof(Elf64_Ehdr);
	img->ehdr.e_phentsize = sizeof(Elf64_Phdr);
	img->ehdr.e_phnum = 1;
	img->phdr.p_type = PT_LOAD;
	img->phdr.p_flags = PF_R | PF_X;
	img->phdr.p_vaddr = TINYELF_LOAD_ADDR;
	img->phdr.p_paddr = TINYELF_LOAD_ADDR;
	img->phdr.p_filesz = sizeof(*img);
	img->phdr.p_memsz = sizeof(*img);
	img->phdr.p_align = 0x1000;
	memcpy(img->code, exit_code, sizeof(exit_code));
}
#endif /* IMANS_TESTS_TINYELF_H */
