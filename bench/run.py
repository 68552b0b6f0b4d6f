"""`make bench`: runs every bench/bench_*.py in name order, one after another,
so each script's ratios are measured side by side within its own run."""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def main():
    scripts = sorted(f for f in os.listdir(HERE) if f.startswith("bench_") and f.endswith(".py"))
    failed = []
    for name in scripts:
        print("=" * 72)
        print(name)
        print("=" * 72, flush=True)
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, os.path.join(HERE, name)], cwd=ROOT)
        print("(%s: %.1f s, exit %d)" % (name, time.perf_counter() - t0, proc.returncode), flush=True)
        if proc.returncode != 0:
            failed.append(name)
    print("benchmarks run: %d, failed: %d %s" % (len(scripts), len(failed), " ".join(failed)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
