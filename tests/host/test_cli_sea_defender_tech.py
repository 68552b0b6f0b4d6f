"""The command lines take an amphibious assault's sea_defender_tech (issue 16): the launch zone's
defenders fight with their own power's technologies, the land battle with defender_tech."""
import io
import json

from engine_core.host import battle_cli, odds_cli


def _call(mod, argv, spec=None):
    out = io.StringIO()
    err = io.StringIO()
    code = mod.main(argv, io.StringIO(json.dumps(spec) if spec is not None else ""), out, err)
    return code, out.getvalue(), err.getvalue()


def _assault(options, dice):
    opts = {"seaborne": {"infantry": 1}, "sea_attacker": {"battleship": 2, "transport": 1},
            "sea_defender": {"aircraft_carrier": 1, "fighter": 1}}
    opts.update(options)
    return {"edition": "classic", "kind": "amphibious", "attacker": {"infantry": 1},
            "defender": {"infantry": 1, "fighter": 1}, "dice": dice, "options": opts}


def test_battle_spec_sea_defenders_without_the_land_owners_jets():
    """CL-T-05 CL-T-06 CL-C-42 (tests/portable/test_battle_amphibious_tech.py worked by hand):
    the zone's fighter rolls 5 at 4 (a miss, no jets), the territory's 5 at 5 (jets): the
    infantry that landed is lost. Without the option the sea fighter's 5 hits at 5."""
    spec = _assault({"defender_tech": ["jet_fighters"], "sea_defender_tech": []},
                    [1, 1, 6, 5, 6, 6, 5])
    code, out, err = _call(battle_cli, ["--json"], spec)
    assert code == 0, err
    rolls = [(e["dice"], e["value"]) for e in json.loads(out)["log"]
             if e["event"] == "roll" and e["side"] == "defender"]
    assert rolls == [([6], 3), ([5], 4), ([6], 2), ([5], 5)]
    spec = _assault({"defender_tech": ["jet_fighters"]}, [1, 1, 6, 5])
    code, out, err = _call(battle_cli, ["--json"], spec)
    assert code == 0, err
    rolls = [(e["dice"], e["value"]) for e in json.loads(out)["log"]
             if e["event"] == "roll" and e["side"] == "defender"]
    assert rolls == [([6], 3), ([5], 5)]


def test_battle_spec_refuses_a_bad_sea_defender_tech():
    """CL-T-05: not a list, an unknown name, or outside an assault: exit 2 naming it."""
    for opts, kind in (({"sea_defender_tech": "jets"}, "amphibious"),
                       ({"sea_defender_tech": ["warp_drive"]}, "amphibious"),
                       ({"sea_defender_tech": ["jet_fighters"]}, "land")):
        spec = _assault(opts, [1, 1, 6, 5, 6, 6, 5])
        spec["kind"] = kind
        if kind == "land":
            spec["options"] = {"sea_defender_tech": ["jet_fighters"]}
        code, out, err = _call(battle_cli, ["--json"], spec)
        assert code == 2 and ("sea_defender_tech" in err or "warp_drive" in err), err


def _odds_spec(**more):
    spec = {"edition": "revised_lhtr", "kind": "amphibious", "attacker": {"infantry": 1},
            "defender": {"infantry": 1}, "seaborne": {"infantry": 1},
            "sea_attacker": {"fighter": 1, "transport": 1}, "sea_defender": {"submarine": 1},
            "tech": {"defender": ["super_submarines"]}}
    spec.update(more)
    return spec


def test_odds_spec_with_the_assaults_sea_battle_and_its_defenders_technologies():
    """LHTR-T-06 LHTR-T-09 LHTR-C-42: the fractions of tests/portable/test_odds_assault_tech.py:
    the zone's sub without Super Submarines: landing 1/2, win 1/8, draw 1/16 (the sea battle
    the attacker wins always: the fighter sinks the sub in the end); without the option
    it takes the land owner's: nothing lands, the defender holds."""
    code, out, err = _call(odds_cli, ["--json"], _odds_spec(sea_defender_tech=[]))
    assert code == 0, err
    r = json.loads(out)
    assert abs(r["landing"] - 0.5) < 1e-9 and abs(r["attacker_wins"] - 0.125) < 1e-9
    assert abs(r["draw"] - 0.0625) < 1e-9 and abs(r["sea"]["attacker_wins"] - 1) < 1e-9
    code, out, err = _call(odds_cli, ["--json"], _odds_spec())
    assert code == 0, err
    r = json.loads(out)
    assert r["landing"] == 0 and abs(r["defender_wins"] - 1) < 1e-9


def test_odds_spec_refuses_what_the_assaults_sea_battle_cannot_take():
    """CL-C-42 LHTR-C-44: a sea battle field on a land battle, without defenders at sea, with
    bombardment or Monte Carlo, or an unknown technology: exit 2 naming the field."""
    bad = (({"kind": "land"}, "sea_attacker"), ({"sea_defender": {}}, "sea_defender"),
           ({"bombard": {"battleship": 1}}, "bombard"), ({"method": "monte_carlo"}, "method"),
           ({"sea_defender_tech": ["warp_drive"]}, "warp_drive"))
    for more, word in bad:
        code, out, err = _call(odds_cli, ["--json"], _odds_spec(**more))
        assert code == 2 and word in err, (more, err)
