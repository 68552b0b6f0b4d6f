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
