"""STYLE habits 1 and 9: engine_core and board_defs import only themselves and
the MicroPython stdlib subset; the gate itself is tested on bad modules."""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import importgate  # noqa: E402


def test_real_tree_is_inside_the_subset():
    problems = importgate.check_tree()
    assert problems == [], "\n".join(problems)


def _gate_on(bad_source, name="engine_core/bad_module.py"):
    tmp = tempfile.mkdtemp()
    try:
        for tree in ("engine_core", "board_defs"):
            os.makedirs(os.path.join(tmp, tree))
        with open(os.path.join(tmp, name), "w") as f:
            f.write(bad_source)
        return importgate.check_tree(tmp)
    finally:
        shutil.rmtree(tmp)


def test_dataclasses_import_is_refused_naming_the_file():
    problems = _gate_on("from dataclasses import dataclass\n")
    assert len(problems) == 1
    assert problems[0].startswith("engine_core/bad_module.py:1:")
    assert "dataclasses" in problems[0]


def test_typing_import_is_refused_but_guarded_annotation_import_passes():
    assert len(_gate_on("import typing\n", "board_defs/bad.py")) == 1
    guarded = "try:\n    from typing import List\nexcept ImportError:\n    pass\n"
    assert _gate_on(guarded) == []


def test_match_statement_is_refused():
    problems = _gate_on("def f(x):\n    match x:\n        case 1:\n            return 2\n")
    assert len(problems) == 1 and "match" in problems[0] and "bad_module.py:2" in problems[0]


def test_random_os_functools_refused_and_allowed_stdlib_passes():
    for mod in ("random", "os", "functools", "enum", "abc", "itertools", "collections", "fractions"):
        assert len(_gate_on("import %s\n" % mod)) == 1, mod
    assert _gate_on("import gc, sys, struct, json, math, time\nfrom micropython import const\n") == []


def test_engine_may_not_import_host_only_code_or_adapters():
    assert len(_gate_on("from engine_core.host import odds_cli\n")) == 1
    assert len(_gate_on("import firmware\n")) == 1
    assert len(_gate_on("import host_sim\n")) == 1


def test_mpy_cross_refuses_what_micropython_cannot_compile():
    """The gate's compile step: mpy-cross fails on syntax MicroPython lacks, naming the file."""
    tmp = tempfile.mkdtemp()
    try:
        bad = os.path.join(tmp, "bad_module.py")
        with open(bad, "w") as f:
            f.write("def f(x):\n    match x:\n        case 1:\n            return 2\n")
        mpy_cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
        proc = subprocess.run([mpy_cross, "-o", os.path.join(tmp, "bad.mpy"), bad], capture_output=True, text=True)
        assert proc.returncode != 0
        assert "bad_module.py" in proc.stderr + proc.stdout
    finally:
        shutil.rmtree(tmp)


# ---- the structure (issue 13, STYLE habits 14 and 15)

def test_real_tree_has_no_cycle_no_private_import_and_empty_packages():
    """No import cycle anywhere in engine_core/, board_defs/ or firmware/ (lazy imports count:
    an optional part importing the module that loads it is a cycle); no `_private` name taken
    from another module; engine_core's package __init__ files are empty."""
    problems = importgate.check_structure()
    assert problems == [], "\n".join(problems)


def _structure_of(files):
    tmp = tempfile.mkdtemp()
    try:
        for rel, source in files.items():
            path = os.path.join(tmp, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(source)
        return importgate.check_structure(tmp)
    finally:
        shutil.rmtree(tmp)


def test_a_lazy_import_back_to_the_loader_is_a_cycle():
    problems = _structure_of({
        "engine_core/__init__.py": "",
        "engine_core/battle/__init__.py": "",
        "engine_core/battle/steps.py": "def f():\n    from engine_core.battle import extra\n",
        "engine_core/battle/extra.py": "from engine_core.battle.steps import f\n",
    })
    assert len(problems) == 1
    assert "import cycle" in problems[0]
    assert "engine_core.battle.extra -> engine_core.battle.steps (line 1)" in problems[0]
    assert "engine_core.battle.steps -> engine_core.battle.extra (line 2)" in problems[0]


def test_a_cycle_of_three_screens_is_found():
    problems = _structure_of({
        "firmware/__init__.py": "",
        "firmware/screens/__init__.py": "",
        "firmware/screens/a.py": "from firmware.screens.b import X\n",
        "firmware/screens/b.py": "def g():\n    from firmware.screens import c\n",
        "firmware/screens/c.py": "import firmware.screens.a\n",
    })
    assert len(problems) == 1 and "firmware.screens.a, firmware.screens.b, firmware.screens.c" in problems[0]


def test_private_names_across_modules_are_refused():
    problems = _structure_of({
        "engine_core/__init__.py": "",
        "engine_core/a.py": "_x = 1\ndef _f():\n    pass\n",
        "engine_core/b.py": "from engine_core.a import _x\n",
        "engine_core/c.py": "from engine_core import a as m\ny = m._f()\n",
    })
    assert sorted(p.split(":")[0] + ":" + p.split(":")[1] for p in problems) == \
        ["engine_core/b.py:1", "engine_core/c.py:2"]


def test_a_package_init_that_imports_is_refused():
    problems = _structure_of({
        "engine_core/__init__.py": "",
        "engine_core/odds/__init__.py": "from engine_core.odds.exact import odds\n",
        "engine_core/odds/exact.py": "def odds():\n    pass\n",
    })
    assert problems == ["engine_core/odds/__init__.py:1: a package __init__ stays empty "
                        "(importing a leaf must not load anything else)"]
