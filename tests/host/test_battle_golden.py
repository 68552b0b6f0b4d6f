"""Golden battles: tests/golden/battles/*.json hold a battle spec (as `python -m engine_core
battle` reads it) and the result worked out by hand from the rulebook example it names."""
import json
import os

from engine_core.host.battle_cli import run_spec

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(os.path.dirname(HERE), "golden", "battles")


def _check(name):
    with open(os.path.join(GOLDEN, name)) as f:
        case = json.load(f)
    out = run_spec(case["spec"])
    exp = case["expect"]
    res = out["result"]
    for key in ("outcome", "captured", "rounds", "survivors", "ipc_lost"):
        assert res[key] == exp[key], (name, key, res[key], exp[key])
    rolls = [[e["side"], e["step"], e["value"], e["dice"]] for e in out["log"] if e["event"] == "roll"]
    assert rolls == exp["rolls"], (name, rolls)
    if out["dice_left"] is not None:
        assert out["dice_left"] == 0, name


def test_golden_classic_action3():
    """CL-C-10 CL-C-12 CL-C-13 CL-C-14 CL-C-16: the Action 3 example replays from its JSON spec."""
    _check("classic_action3.json")


def test_golden_classic_midway():
    """CL-C-41 CL-U-51: the Midway support-shot example."""
    _check("classic_midway.json")


def test_golden_lhtr_india():
    """LHTR-C-90: the LHTR India example."""
    _check("lhtr_india.json")


def test_golden_p40_faq_transports():
    """P40-C-84 P40-C-93 P40-C-95: the FAQ's bombers, destroyer and transports case."""
    _check("p40_faq_transports.json")


def test_golden_p40_faq_cruiser_sub():
    """P40-C-83: the FAQ's destroyer and fighter against sub and cruiser case."""
    _check("p40_faq_cruiser_sub.json")


def test_golden_p40_aaa_one():
    """P40-U-36: 5 fighters against 1 AAA roll 3 dice; typed dice and hit counts per column."""
    _check("p40_aaa_one.json")


def test_every_golden_file_has_a_test():
    """CL-C-04: every golden battle file is checked by a test above."""
    names = sorted(f for f in os.listdir(GOLDEN) if f.endswith(".json"))
    with open(os.path.abspath(__file__)) as f:
        me = f.read()
    for n in names:
        assert '"%s"' % n in me, n


def test_golden_lhtr_na_island_assault():
    """LHTR-O-52 LHTR-O-44: Marines against Dug-In Defenders, worked by hand: the battleship's
    3 kills one defender without reply; three attackers at 2 roll 2, 5, 1 (two hits); the two
    hit defenders fire at 3: 3 hits, 4 misses; the US loses an infantry and takes the island."""
    _check("lhtr_na_island_assault.json")
