"""The command lines state two allied powers' subs, one with Super Submarines (issue 16,
LHTR-T-06 LHTR-T-09): `battle` and `odds` take them as "allies" in the JSON spec and
--defender-ally TECHS:UNITS in the text form."""
import io
import json

from engine_core.host import battle_cli, odds_cli

SPEC = {"edition": "revised_lhtr", "kind": "sea", "attacker": {"fighter": 1},
        "defender": {"submarine": 2, "destroyer": 1}, "dice": [3, 2],
        "options": {"allies": [{"tech": ["super_submarines"], "units": {"submarine": 1}}]}}


def _call(mod, argv, spec=None):
    out = io.StringIO()
    err = io.StringIO()
    code = mod.main(argv, io.StringIO(json.dumps(spec) if spec is not None else ""), out, err)
    return code, out.getvalue(), err.getvalue()


def test_battle_spec_the_planes_hit_the_sub_without_super_submarines():
    """LHTR-T-09 LHTR-U-80: a fighter against a UK super sub (the ally), a US sub and a US
    destroyer: its 3 at 3 sinks the US sub (the default); the destroyer's 2 at 3 the fighter.
    Naming the UK super sub for the plane's hit is refused with the rule."""
    code, out, err = _call(battle_cli, ["--json"], SPEC)
    assert code == 0, err
    res = json.loads(out)["result"]
    assert res["outcome"] == "defender_won" and res["lost"]["defender"] == {"submarine": 1}
    bad = dict(SPEC, answers=[{"lost": {"submarine": 1}, "teched": {"submarine": 1}}])
    code, out, err = _call(battle_cli, ["--json"], bad)
    assert code == 2 and "LHTR-U-80" in err
    text = _call(battle_cli, ["1 ftr vs 2 sub, 1 dd", "--sea", "--edition", "revised_lhtr",
                              "--defender-ally", "super_subs:1 sub", "--dice", "3,2"])
    assert text[0] == 0, text[2]
    assert "defender loses 1 submarine" in text[1] and "defender won" in text[1]


def test_odds_spec_and_text_agree_with_the_hand_worked_fraction():
    """LHTR-T-09 LHTR-A-10: the same battle's odds: a draw 1/9, the defender 8/9
    (tests/portable/test_allied_super_subs.py works it by hand); the main defender may be the
    one with Super Submarines too."""
    spec = {"edition": "revised_lhtr", "kind": "sea", "attacker": {"fighter": 1},
            "defender": {"submarine": 2, "destroyer": 1}, "tech": {"defender": ["super_submarines"]},
            "allies": [{"units": {"submarine": 1, "destroyer": 1}}]}
    code, out, err = _call(odds_cli, ["--json"], spec)
    assert code == 0, err
    assert abs(json.loads(out)["draw"] - 1.0 / 9) < 1e-9
    code, out, err = _call(odds_cli, ["1 ftr vs 2 sub, 1 dd", "--sea", "--edition", "revised_lhtr",
                                      "--json", "--defender-ally", "super_subs:1 sub"])
    assert code == 0, err
    assert abs(json.loads(out)["draw"] - 1.0 / 9) < 1e-9


def test_battle_answer_submerges_the_super_sub():
    """LHTR-U-82 LHTR-C-33 LHTR-T-06: a battleship against a UK super sub and a US sub; cycle 1
    all miss (6, 6 at 2; 6 at 4); the UK submerges its super sub, the US sub stays; cycle 2 the
    US sub rolls 2 at 2 (the battleship takes it: one hit absorbed, LHTR-U-50), the battleship 3
    at 4 sinks it: the attacker wins, the UK sub left submerged."""
    spec = {"edition": "revised_lhtr", "kind": "sea", "attacker": {"battleship": 1},
            "defender": {"submarine": 2}, "dice": [6, 6, 6, 2, 3],
            "options": {"allies": [{"tech": ["super_submarines"], "units": {"submarine": 1}}]},
            "answers": [{"submerge": 1, "teched": {"submarine": 1}}, "press"]}
    code, out, err = _call(battle_cli, ["--json"], spec)
    assert code == 0, err
    res = json.loads(out)["result"]
    assert res["outcome"] == "attacker_won", res
    assert res["lost"]["defender"] == {"submarine": 1} and res["submerged"]["defender"] == {"submarine": 1}
