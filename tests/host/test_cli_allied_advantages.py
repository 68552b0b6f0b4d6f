"""The command lines state a defending side of several powers whose national advantage helps
only its own units (issue 16 item c; LHTR-O-02): "allies" entries of `battle` and `odds` take
"advantages", and --defender-ally takes an advantage's name among its TECHS."""
import io
import json

from engine_core.host import battle_cli, odds_cli


def _call(mod, argv, spec=None):
    out = io.StringIO()
    err = io.StringIO()
    code = mod.main(argv, io.StringIO(json.dumps(spec) if spec is not None else ""), out, err)
    return code, out.getvalue(), err.getvalue()


def test_battle_winter_of_the_main_power_only():
    """LHTR-O-10 LHTR-O-02: the Soviet Union defends (Russian Winter) with a UK infantry beside
    its own against 2 armor: armor 6, 6; the UK infantry 3 at 2 (miss), the Soviet one 3 at 3
    (hit). Round 2: the armor 3 (hit): the UK infantry is lost (the default); it fires back 6 at
    2, the Soviet one 3 at 3: the defender wins. The ally may hold the advantage instead, and the
    text form names it among the ally's TECHS: the same dice, the same rolls."""
    spec = {"edition": "revised_lhtr", "kind": "land", "attacker": {"armor": 2},
            "defender": {"infantry": 2}, "dice": [6, 6, 3, 3, 3, 6, 3],
            "options": {"defender_na": ["russian_winter"],
                        "allies": [{"units": {"infantry": 1}}]}}
    code, out, err = _call(battle_cli, ["--json"], spec)
    assert code == 0, err
    rolls = [(e["dice"], e["value"]) for e in json.loads(out)["log"]
             if e["event"] == "roll" and e["side"] == "defender"]
    assert rolls == [([3], 2), ([3], 3), ([6], 2), ([3], 3)]
    spec["options"] = {"allies": [{"units": {"infantry": 1}, "advantages": ["russian_winter"]}]}
    code, out, err = _call(battle_cli, ["--json"], spec)
    assert code == 0, err
    rolls = [(e["dice"], e["value"]) for e in json.loads(out)["log"]
             if e["event"] == "roll" and e["side"] == "defender"]
    assert rolls == [([3], 2), ([3], 3), ([6], 2), ([3], 3)]
    code, out, err = _call(battle_cli, ["2 arm vs 2 inf", "--edition", "revised_lhtr", "--dice",
                                        "6,6,3,3,3,6,3", "--defender-ally", "russian_winter:1 inf"])
    assert code == 0, err
    assert "rolls 3 at 2; 3 at 3" in out and "defender won" in out


def test_odds_spec_and_text_agree_with_the_hand_worked_fraction():
    """LHTR-O-10 LHTR-O-02: 1 armor against a Soviet and a UK infantry in Russian Winter: the
    attacker wins 1/15 (tests/portable/test_allied_advantages.py works it by hand), 1/21 when
    every infantry defends at 3."""
    spec = {"edition": "revised_lhtr", "kind": "land", "attacker": {"armor": 1},
            "defender": {"infantry": 2}, "advantages": {"defender": ["russian_winter"]},
            "allies": [{"units": {"infantry": 1}}]}
    code, out, err = _call(odds_cli, ["--json"], spec)
    assert code == 0, err
    assert abs(json.loads(out)["attacker_wins"] - 1.0 / 15) < 1e-9
    code, out, err = _call(odds_cli, ["1 arm vs 2 inf", "--edition", "revised_lhtr", "--json",
                                      "--defender-ally", "russian_winter:1 inf"])
    assert code == 0, err
    assert abs(json.loads(out)["attacker_wins"] - 1.0 / 15) < 1e-9
    del spec["allies"]
    code, out, err = _call(odds_cli, ["--json"], spec)
    assert code == 0, err
    assert abs(json.loads(out)["attacker_wins"] - 1.0 / 21) < 1e-9


def test_an_unknown_advantage_of_an_ally_is_refused():
    """LHTR-O-02: an ally's advantages are national advantage names."""
    spec = {"edition": "revised_lhtr", "kind": "land", "attacker": {"armor": 1},
            "defender": {"infantry": 2}, "allies": [{"units": {"infantry": 1}, "advantages": ["snow"]}]}
    code, out, err = _call(odds_cli, ["--json"], spec)
    assert code == 2 and "snow" in err
