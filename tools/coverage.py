"""Rules coverage: every rule id of every digest, and what checks it.

  python tools/coverage.py --import-ids   # (needs ../shared) refresh tests/rule_ids.tsv from the digests
  python tools/coverage.py --write        # regenerate tests/RULES_COVERAGE.md from the tests
  python tools/coverage.py --check        # fail if the committed table names a test that does not exist
                                          # or does not cite the id, or misses a rule id

A test "checks" a rule when the id appears inside the test function (docstring or
comment). A rule outside the device's job is listed, with a one-line reason, in
tests/rules_outside/*.txt as `RULE-ID | reason`. Everything else is "not yet".
"""
import ast
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED_RULES = os.path.join(os.path.dirname(ROOT), "shared", "rules")
IDS_FILE = os.path.join(ROOT, "tests", "rule_ids.tsv")
TABLE = os.path.join(ROOT, "tests", "RULES_COVERAGE.md")
OUTSIDE_DIR = os.path.join(ROOT, "tests", "rules_outside")
TEST_DIRS = ("tests/portable", "tests/host")
ID_RE = re.compile(r"\b((?:CL|LHTR|P40|G40)-[A-Z]+(?:-[A-Z]+)?-\d+[a-z]?)\b")
DIGESTS = (("classic-2nd-edition.md", "CL", "Classic 2nd edition"),
           ("revised-lhtr.md", "LHTR", "Revised with LHTR"),
           ("pacific-1940.md", "P40", "Pacific 1940 with errata"),
           ("global-1940.md", "G40", "Global 1940 and the power-by-power variant"))
DEF_PATTERNS = (re.compile(r"\s*[-*]\s+\*\*((?:CL|LHTR|P40|G40)-[A-Z]+(?:-[A-Z]+)?-\d+[a-z]?)\b(.*)"),
                re.compile(r"\s*\|\s*\**((?:CL|LHTR|P40|G40)-[A-Z]+(?:-[A-Z]+)?-\d+[a-z]?)\**\s*\|(.*)"))


def _clean(text):
    text = re.sub(r"[*`|]", " ", text)
    text = re.sub(r"\s+", " ", text).strip(" .:-")
    return text[:90]


def import_ids():
    rows = []
    for fname, prefix, _ in DIGESTS:
        with open(os.path.join(SHARED_RULES, fname), encoding="utf-8") as f:
            for line in f:
                for pat in DEF_PATTERNS:
                    m = pat.match(line)
                    if m and m.group(1).startswith(prefix + "-"):
                        rows.append((m.group(1), _clean(m.group(2))))
                        break
    seen = set()
    with open(IDS_FILE, "w", encoding="utf-8") as out:
        out.write("# rule id\tsummary (copied from ../shared/rules digests by tools/coverage.py --import-ids)\n")
        for rid, title in rows:
            if rid not in seen:
                seen.add(rid)
                out.write("%s\t%s\n" % (rid, title))
    print("%d rule ids written to %s" % (len(seen), os.path.relpath(IDS_FILE, ROOT)))


def load_ids():
    ids = []
    with open(IDS_FILE, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            rid, _, title = line.rstrip("\n").partition("\t")
            ids.append((rid, title))
    return ids


def scan_tests():
    """{rule id: [ 'path::test_name', ... ]} and {'path::test_name': set(ids)}."""
    by_rule, by_test = {}, {}
    for d in TEST_DIRS:
        full = os.path.join(ROOT, d)
        if not os.path.isdir(full):
            continue
        for base, dirs, files in os.walk(full):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for fname in sorted(files):
                if not (fname.startswith("test_") and fname.endswith(".py")):
                    continue
                path = os.path.join(base, fname)
                rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
                src = open(path, encoding="utf-8").read()
                try:
                    tree = ast.parse(src)
                except SyntaxError:
                    continue
                lines = src.splitlines()
                for node in ast.walk(tree):
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                        body = "\n".join(lines[node.lineno - 1:node.end_lineno])
                        key = rel + "::" + node.name
                        cited = set(ID_RE.findall(body))
                        by_test[key] = cited
                        for rid in cited:
                            by_rule.setdefault(rid, []).append(key)
    return by_rule, by_test


def load_outside():
    out = {}
    if not os.path.isdir(OUTSIDE_DIR):
        return out
    for fname in sorted(os.listdir(OUTSIDE_DIR)):
        if not fname.endswith(".txt"):
            continue
        with open(os.path.join(OUTSIDE_DIR, fname), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                rid, _, reason = line.partition("|")
                out[rid.strip()] = (reason.strip(), "%s:%d" % (fname, n))
    return out


def group_of(rid):
    return rid.rsplit("-", 1)[0]


def build_rows():
    ids = load_ids()
    by_rule, _ = scan_tests()
    outside = load_outside()
    rows = []
    for rid, title in ids:
        if rid in by_rule:
            rows.append((rid, title, "tested", ", ".join(sorted(set(by_rule[rid])))))
        elif rid in outside and outside[rid][0]:
            rows.append((rid, title, "outside", outside[rid][0]))
        else:
            rows.append((rid, title, "not yet", ""))
    return rows


def write_table():
    rows = build_rows()
    counts = {}
    for r in rows:
        counts[r[2]] = counts.get(r[2], 0) + 1
    out = ["# Rules coverage", "",
           "Generated by `make coverage` (tools/coverage.py) from tests/rule_ids.tsv (the digests' ids), the tests",
           "that cite them and tests/rules_outside/*.txt. `make test` checks that every test named here exists",
           "and cites its id. Status: **tested** (the tests that check it), **outside** (not the device's job,",
           "with the reason), **not yet**.", "",
           "Totals: %d ids; tested %d, outside %d, not yet %d." % (
               len(rows), counts.get("tested", 0), counts.get("outside", 0), counts.get("not yet", 0)), ""]
    out.append("| group | ids | tested | outside | not yet |")
    out.append("|---|---|---|---|---|")
    groups = []
    for r in rows:
        g = group_of(r[0])
        if g not in groups:
            groups.append(g)
    for g in groups:
        rs = [r for r in rows if group_of(r[0]) == g]
        out.append("| %s | %d | %d | %d | %d |" % (g, len(rs), sum(1 for r in rs if r[2] == "tested"),
                                                  sum(1 for r in rs if r[2] == "outside"),
                                                  sum(1 for r in rs if r[2] == "not yet")))
    for fname, prefix, title in DIGESTS:
        out += ["", "## %s (`%s-*`)" % (title, prefix), "", "| id | rule | status | checked by / reason |",
                "|---|---|---|---|"]
        for rid, rtitle, status, where in rows:
            if rid.startswith(prefix + "-"):
                out.append("| %s | %s | %s | %s |" % (rid, rtitle.replace("|", "/"), status, where.replace("|", "/")))
    with open(TABLE, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print("wrote %s: %s" % (os.path.relpath(TABLE, ROOT), ", ".join("%s %d" % kv for kv in sorted(counts.items()))))


def check_table():
    problems = []
    ids = [rid for rid, _ in load_ids()]
    _, by_test = scan_tests()
    if not os.path.exists(TABLE):
        print("coverage: %s is missing; run `make coverage`" % os.path.relpath(TABLE, ROOT))
        return 1
    listed = set()
    for line in open(TABLE, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or not ID_RE.fullmatch(cells[0]):
            continue
        rid, _, status, where = cells
        listed.add(rid)
        if status == "tested":
            for test in [t.strip() for t in where.split(",") if t.strip()]:
                if test not in by_test:
                    problems.append("%s: the table names %s, which does not exist" % (rid, test))
                elif rid not in by_test[test]:
                    problems.append("%s: the table names %s, which does not cite %s" % (rid, test, rid))
        elif status == "outside" and not where:
            problems.append("%s: outside the device's job without a reason" % rid)
    for rid in ids:
        if rid not in listed:
            problems.append("%s: missing from %s (run `make coverage`)" % (rid, os.path.relpath(TABLE, ROOT)))
    for p in problems:
        print("coverage: " + p)
    stale = [r for r in build_rows() if r[2] == "tested"]
    print("coverage: %d rule ids, %d named in the table, %d cited by tests now; %d problem(s)"
          % (len(ids), len(listed), len(stale), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    arg = sys.argv[1] if len(sys.argv) > 1 else "--check"
    if arg == "--import-ids":
        import_ids()
    elif arg == "--write":
        write_table()
    else:
        sys.exit(check_table())
