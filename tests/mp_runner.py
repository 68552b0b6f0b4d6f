# Portable test runner for MicroPython, CircuitPython and CPython: imports each named test
# module, calls its test_* functions in name order, prints failures and a
# closing "N passed, N failed" line; exit status 1 on any failure.
# Usage: micropython tests/mp_runner.py test_dice test_board_pacific ...
#        micropython tests/mp_runner.py test_dice.test_roll   (one test, uncaught)
import sys
import gc


def _print_exc(e):
    if hasattr(sys, "print_exception"):
        sys.print_exception(e)
        return
    try:  # CPython
        import traceback
    except ImportError:  # the CircuitPython unix port has neither: the exception alone
        print("%s: %s" % (type(e).__name__, e))
        return
    traceback.print_exception(type(e), e, e.__traceback__)


def run(names):
    passed = 0
    failed = 0
    for name in names:
        try:
            mod = __import__(name)
        except Exception as e:
            print("IMPORT FAILED", name)
            _print_exc(e)
            failed += 1
            continue
        tests = []
        for attr in dir(mod):
            if attr.startswith("test_"):
                fn = getattr(mod, attr)
                if callable(fn):
                    tests.append(attr)
        tests.sort()  # dir() order differs between interpreters
        for attr in tests:
            gc.collect()
            try:
                getattr(mod, attr)()
                passed += 1
            except Exception as e:
                failed += 1
                print("FAIL", name + "." + attr)
                _print_exc(e)
        del mod
        if name in sys.modules:
            del sys.modules[name]
        gc.collect()
    print("%d passed, %d failed" % (passed, failed))
    return failed


def run_one(name):
    """Runs one test, `module.test_name`, uncaught: the interpreter prints where it failed
    (the CircuitPython port's only traceback; tools/cpgate.py uses it)."""
    mod_name, attr = name.split(".")
    mod = __import__(mod_name)
    gc.collect()
    getattr(mod, attr)()
    print("1 passed, 0 failed")


if __name__ == "__main__":
    if len(sys.argv) == 2 and "." in sys.argv[1]:
        run_one(sys.argv[1])
    else:
        sys.exit(1 if run(sys.argv[1:]) else 0)
