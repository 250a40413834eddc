#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""The figures of a bench/run, from its raw numbers.

    report.py DIR

DIR holds stock.R and ima-ns.R for rounds R = 1..K, each with the
"NAME VALUE" lines of bench/guest.sh (nanoseconds per operation, bytes).
Prints a table, then one line per figure:

    NAME ratio=R (median of K, min..max)

Throughput ratios are ima-ns over stock (above 1: faster); costs per
level are fractions of one exec at depth 0; the namespace cycle is
ima-ns's securityfs + IMA + rule over stock's tmpfs + file (below 1:
cheaper).
"""
import glob
import os
import statistics
import sys


def load(path):
    values = {}
    for line in open(path):
        name, value = line.split()
        values[name] = value
    return values


def slope(points):
    """Least-squares slope of (x, y) points."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx


def per_level(run, kind):
    depths = sorted(int(k.rsplit("_", 1)[1]) for k in run if k.startswith("nest_%s_" % kind))
    base = float(run["nest_plain_0"])
    return slope([(d, float(run["nest_%s_%d" % (kind, d)])) for d in depths]) / base


def scale(run, prefix, most=1920):
    """The cost at the most namespaces up to MOST over the cost at the fewest."""
    counts = sorted(n for n in (int(k[len(prefix):]) for k in run if k.startswith(prefix))
                    if n <= most)
    return float(run[prefix + str(counts[-1])]) / float(run[prefix + str(counts[0])])


FIGURES = [
    # name, how, target, what
    ("exec", lambda s, i: float(s["exec_plain"]) / float(i["exec_plain"]), (">=", 0.99),
     "1. exec of a static binary, no policy, ima-ns / stock throughput"),
    ("read_1m", lambda s, i: float(s["read_plain"]) / float(i["read_plain"]), (">=", 0.99),
     "1. open+read+close of 1 MiB, no policy, ima-ns / stock throughput"),
    ("open1", lambda s, i: float(s["open1_plain"]) / float(i["open1_plain"]), (">=", 0.995),
     "1. open+read 1 byte+close of 4 KiB, no policy, no namespace, ima-ns / stock throughput"),
    ("open1_tcb", lambda s, i: float(s["open1_tcb"]) / float(i["open1_tcb"]), (">=", 0.995),
     "1. the same under ima_policy=tcb (a guest of its own)"),
    ("open1_after_activation",
     lambda s, i: float(s["open1_after_activation"]) / float(i["open1_after_activation"]), None,
     "1b. open1 again, after IMA namespaces were activated (the static key on, for good)"),
    ("exec_host_rule", lambda s, i: float(s["exec_rule"]) / float(i["exec_rule"]), (">=", 0.98),
     "2. the same exec with a host audit rule matching it"),
    ("read_1m_host_rule", lambda s, i: float(s["read_rule"]) / float(i["read_rule"]), (">=", 0.98),
     "2. the same read with a host audit rule matching it"),
    ("nest_active_per_level", lambda s, i: per_level(i, "active"), ("<=", 0.02),
     "3a. exec per extra level, every level active, empty policies (fraction of one exec)"),
    ("nest_rule_per_level", lambda s, i: per_level(i, "rule"), None,
     "3b. exec per extra level, every level with an audit rule"),
    ("nest_plain_per_level", lambda s, i: per_level(i, "plain"), None,
     "3.  exec per extra level of plain user namespaces, ima-ns"),
    ("nest_plain_per_level_stock", lambda s, i: per_level(s, "plain"), None,
     "3.  the same on stock"),
    ("ns_cycle", lambda s, i: float(i["ns_ima"]) / float(s["ns_tmpfs"]), ("<=", 2.0),
     "4. userns + securityfs + activate + rule + end, over userns + tmpfs + file + end on stock"),
    ("exec_ns_measure", lambda s, i: float(i["exec_ns_measure"]) / float(i["exec_host_measure"]),
     None,
     "8. exec measured by a namespace's rule one level down, over the same exec measured by "
     "the host's rule (ima-ns, cost ratio: below 1, cheaper)"),
    ("exec_host_measure", lambda s, i: float(s["exec_host_measure"]) / float(i["exec_host_measure"]),
     (">=", 0.98), "8. the exec measured by the host's rule, ima-ns / stock throughput"),
    ("lsm_load_scale", lambda s, i: scale(i, "lsm_load_"), ("<=", 1.5),
     "7. an SELinux policy load with 1920 IMA namespaces alive (192 with QUICK=1), "
     "2 label rules each, over 2"),
    ("lsm_ns_scale", lambda s, i: scale(i, "lsm_ns_"), ("<=", 1.5),
     "7. the namespace cycle of 4 with 1920 IMA namespaces alive (192 with QUICK=1), over 2"),
]


def main(top):
    rounds = sorted(int(p.rsplit(".", 1)[1]) for p in glob.glob(os.path.join(top, "ima-ns.*")))
    pairs = [(load(os.path.join(top, "stock.%d" % r)), load(os.path.join(top, "ima-ns.%d" % r)))
             for r in rounds]
    lines = []
    print("| figure | median | min..max | target | |")
    print("| --- | --- | --- | --- | --- |")
    for name, how, target, what in FIGURES:
        vals = [how(s, i) for s, i in pairs]
        med = statistics.median(vals)
        verdict = ""
        if target:
            op, t = target
            met = med >= t if op == ">=" else med <= t
            verdict = "%s %s: %s" % (op, t, "met" if met else "MISSED")
        print("| %s | %.4f | %.4f..%.4f | %s | %s |" % (name, med, min(vals), max(vals), verdict, what))
        lines.append("%s ratio=%.4f (median of %d, %.4f..%.4f)" % (name, med, len(vals), min(vals), max(vals)))
    ima = pairs[-1][1]
    print()
    print("5. memory (ima-ns, last round): ima_namespace %s bytes, ns_status %s bytes, "
          "one rule %s bytes of slab; objects left in ima_namespace,ns_status after "
          "the namespace cycles ended: %s"
          % (ima["mem_ima_namespace"], ima["mem_ns_status"], ima["mem_per_rule"],
             ima["mem_after_namespaces"]))
    print("9. memory per entry of a namespace's list (ima-ns, last round; the entry, its "
          "ns_status and the file's iint, all slab): %s bytes" % ima["mem_per_entry"])
    lsm = sorted((k for k in ima if k.startswith("lsm_")), key=lambda k: (k.split("_")[1], int(k.rsplit("_", 1)[1])))
    print("7. with N IMA namespaces alive (ima-ns, last round, ns per operation): %s"
          % ", ".join("%s %s" % (k, ima[k]) for k in lsm))
    print()
    for line in lines:
        print(line)
    print("mem_ima_namespace bytes=%s" % ima["mem_ima_namespace"])
    print("mem_ns_status bytes=%s" % ima["mem_ns_status"])
    print("mem_per_rule bytes=%s" % ima["mem_per_rule"])
    print("mem_after_namespaces objects=%s" % ima["mem_after_namespaces"])
    print("mem_per_entry bytes=%s" % ima["mem_per_entry"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
