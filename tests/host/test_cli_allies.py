"""The command lines state a defending side of several powers (issue 16): `battle` and `odds`
take "allies" in the JSON spec and --defender-ally TECHS:UNITS in the text form."""
import io
import json

from engine_core.host import battle_cli, odds_cli


def _call(mod, argv, spec=None):
    out = io.StringIO()
    err = io.StringIO()
    code = mod.main(argv, io.StringIO(json.dumps(spec) if spec is not None else ""), out, err)
    return code, out.getvalue(), err.getvalue()


def test_battle_spec_with_an_ally_without_jets():
    """CL-T-05 CL-T-06: "Allies do not share it" / jet fighters "defend at 5 instead of 4": a US
    jet fighter and a UK fighter against 2 armor, dice 3, 6 (one hit), UK 5 at 4 (miss), US 6 at 5
    (miss); the UK fighter is lost; round 2: 6, 6, the US fighter's 5 at 5 hits."""
    spec = {"edition": "classic", "kind": "land", "attacker": {"armor": 2},
            "defender": {"fighter": 2}, "dice": [3, 6, 5, 6, 6, 6, 5, 6, 5],
            "options": {"defender_tech": ["jet_fighters"],
                        "allies": [{"tech": [], "units": {"fighter": 1}}]}}
    code, out, err = _call(battle_cli, ["--json"], spec)
    assert code == 0, err
    rolls = [(e["dice"], e["value"]) for e in json.loads(out)["log"]
             if e["event"] == "roll" and e["side"] == "defender"]
    assert rolls == [([5], 4), ([6], 5), ([5], 5), ([5], 5)]
    text = _call(battle_cli, ["2 arm vs 2 ftr", "--edition", "classic", "--defender-tech", "jets",
                              "--defender-ally", ":1 ftr", "--dice", "3,6,5,6,6,6,5,6,5"])
    assert text[0] == 0, text[2]
    assert "rolls 5 at 4; 6 at 5" in text[1] and text[1].count("rolls 5 at 5") == 2
    assert "defender won" in text[1]


def test_odds_spec_and_text_agree_with_the_hand_worked_fraction():
    """CL-T-05 CL-T-06: 1 armor against a UK fighter and a US jet fighter: the attacker wins
    1/385 (tests/portable/test_allied_tech.py works it by hand); the ally may hold the jets too."""
    spec = {"edition": "classic", "kind": "land", "attacker": {"armor": 1},
            "defender": {"fighter": 2}, "tech": {"defender": ["jet_fighters"]},
            "allies": [{"units": {"fighter": 1}}]}
    code, out, err = _call(odds_cli, ["--json"], spec)
    assert code == 0, err
    assert abs(json.loads(out)["attacker_wins"] - 1.0 / 385) < 1e-9
    code, out, err = _call(odds_cli, ["1 arm vs 2 ftr", "--edition", "classic", "--json",
                                      "--defender-ally", "jets:1 ftr"])
    assert code == 0, err
    assert abs(json.loads(out)["attacker_wins"] - 1.0 / 385) < 1e-9


def test_more_ally_units_than_defend_are_refused():
    """CL-T-05: an ally's units are among the defenders: more of them than defend is an error."""
    code, out, err = _call(odds_cli, ["1 arm vs 2 ftr", "--edition", "classic",
                                      "--defender-ally", "jets:3 ftr"])
    assert code == 2 and "more fighter" in err
    code, out, err = _call(battle_cli, ["1 arm vs 1 ftr", "--edition", "classic", "--dice", "6,6",
                                        "--defender-ally", "radar"])
    assert code == 2 and "TECHS:UNITS" in err


def test_battle_answer_names_whose_fighter_is_lost():
    """CL-C-60 ("The defenders agree on each casualty") CL-T-05: as above, but the defenders lose
    the US jet fighter: round 1 dice 3, 6 (one hit), UK 5 at 4, US 6 at 5 (misses); round 2 armor
    6, 6, the UK fighter left rolls 5 at 4 (a miss: the jet fighter would have hit); round 3 armor
    3, 3 (two hits), the fighter 6 at 4: the attacker wins with both armor."""
    spec = {"edition": "classic", "kind": "land", "attacker": {"armor": 2},
            "defender": {"fighter": 2}, "dice": [3, 6, 5, 6, 6, 6, 5, 3, 3, 6],
            "options": {"defender_tech": ["jet_fighters"],
                        "allies": [{"tech": [], "units": {"fighter": 1}}]},
            "answers": [{"lost": {"fighter": 1}, "teched": {"fighter": 1}}]}
    code, out, err = _call(battle_cli, ["--json"], spec)
    assert code == 0, err
    got = json.loads(out)
    rolls = [(e["dice"], e["value"]) for e in got["log"] if e["event"] == "roll" and e["side"] == "defender"]
    assert rolls == [([5], 4), ([6], 5), ([5], 4), ([6], 4)]
    assert got["result"]["outcome"] == "attacker_won" and got["result"]["survivors"]["attacker"] == {"armor": 2}


def _raid(spec, argv=()):
    from engine_core import __main__ as cli
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(["raid", "-"] + list(argv), io.StringIO(json.dumps(spec)), out, err)
    return code, out.getvalue(), err.getvalue()


_UK_IC = {"edition": "pacific_1940", "attacker": {"strategic_bomber": 2},
          "targets": {"major_industrial_complex": 0}, "interceptors": 2}


def test_raid_spec_with_an_ally_with_jets():
    """P40-C-42, P40-C-43, P40-R-06, P40-R-22: a UK fighter and a US fighter (Jet Fighters)
    intercept 2 strategic bombers over a UK major IC (tests/portable/test_raids_allies.py works
    it by hand). Bombers 1, 6: one interceptor hit; UK 6, US 6 miss; the defenders lose the US
    fighter (answer [1, 1]: 1 lost, 1 of them a jet); AA 6, 6; bombs 3 + 2, 4 + 2 = 11."""
    spec = dict(_UK_IC, allies=[{"tech": ["jet_fighters"], "units": {"fighter": 1}}],
                dice=[1, 6, 6, 6, 6, 6, 3, 4], answers=[2, [1, 1]])
    code, out, err = _raid(spec)
    assert code == 0, err
    r = json.loads(out)
    assert r["answers"] == [2, [1, 1]] and r["dice_left"] == 0
    assert r["result"]["defender_lost"] == {"fighter": 1}
    assert r["result"]["defender_lost_teched"] == {"fighter": 1}
    assert r["result"]["damage"] == 11


def test_raid_text_flag_two_hits_for_the_jet_only():
    """P40-C-43 (c), P40-R-22: --defender-ally jet_fighters:1ftr; the UK fighter's 2 misses at 1,
    the US fighter's 2 hits at 2: one bomber lost, the other bombs 4 + 2 = 6 (AA 6 misses)."""
    code, out, err = _raid(dict(_UK_IC, dice=[6, 6, 2, 2, 6, 4]), ["--defender-ally", "jet_fighters:1 ftr"])
    assert code == 0, err
    r = json.loads(out)["result"]
    assert r["attacker_lost"] == {"strategic_bomber": 1} and r["damage"] == 6


def test_raid_allies_refused():
    """P40-C-42: an ally's interceptors are among the interceptors: more is refused (exit 2);
    an illegal answer of whose fighter is lost is refused naming P40-C-43."""
    code, out, err = _raid(_UK_IC, ["--defender-ally", "jets:3 ftr"])
    assert code == 2 and "more fighter" in err
    spec = dict(_UK_IC, allies=[{"tech": ["jets"], "units": {"fighter": 1}}],
                dice=[1, 6, 6, 6, 6, 6, 3, 4], answers=[2, [1, 2]])
    code, out, err = _raid(spec)
    assert code == 2 and "P40-C-43" in err
