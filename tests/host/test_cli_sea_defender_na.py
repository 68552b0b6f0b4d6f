"""The command lines take an amphibious assault's sea_defender_na and sea_allies (issue 16): the
launch zone's defenders fight with their own powers' national advantages and technologies, each
power's units its own; the land battle with defender_na / allies. Dice and fractions as worked
by hand in tests/portable/test_battle_amphibious_sea_na.py and test_odds_assault_sea_na.py."""
import io
import json

from engine_core.host import battle_cli, odds_cli


def _call(mod, argv, spec=None):
    out = io.StringIO()
    err = io.StringIO()
    code = mod.main(argv, io.StringIO(json.dumps(spec) if spec is not None else ""), out, err)
    return code, out.getvalue(), err.getvalue()


def _assault(options, dice, sea_defender=None, sea_attacker=None):
    opts = {"seaborne": {"infantry": 1},
            "sea_attacker": sea_attacker or {"battleship": 2, "transport": 1},
            "sea_defender": sea_defender or {"battleship": 1}}
    opts.update(options)
    return {"edition": "revised_lhtr", "kind": "amphibious", "attacker": {"infantry": 1},
            "defender": {"infantry": 1}, "dice": dice, "options": opts}


def _rolls(out, side):
    return [(e["dice"], e["value"]) for e in json.loads(out)["log"]
            if e["event"] == "roll" and e["side"] == side]


def test_battle_spec_german_battleship_off_a_japanese_island():
    """LHTR-O-02 "A power may not share its national advantages with friendly powers"; LHTR-O-43
    "Your battleships attack and defend on a 5"; LHTR-O-44: the zone's battleship (Germany's,
    sea_defender_na []) rolls 5 at 4, a miss; the dug-in Japanese infantry 3 at 3, a hit.
    Without the option the battleship takes the land owner's advantage: 5 at 5."""
    na = {"defender_na": ["dug_in", "powerful_battleships"], "space": ["island"]}
    opts = dict(na)
    opts["sea_defender_na"] = []
    code, out, err = _call(battle_cli, ["--json"], _assault(opts, [1, 1, 5, 6, 3]))
    assert code == 0, err
    assert _rolls(out, "defender") == [([5], 4), ([3], 3)]
    assert json.loads(out)["result"]["outcome"] == "defender_won"
    code, out, err = _call(battle_cli, ["--json"], _assault(na, [1, 1, 5, 6, 3]))
    assert code == 0, err
    assert _rolls(out, "defender") == [([5], 5), ([3], 3)]


def test_battle_spec_sea_allies_two_powers_subs():
    """LHTR-T-06 "Technology helps only the power that researched it"; LHTR-T-09: of the zone's
    two subs one is an ally's with Super Submarines (sea_allies), the other the land owner's
    without: the fighter's 3 hits the plain sub; the super sub's 1 sinks the transport and its
    infantry; nothing lands."""
    opts = {"sea_allies": [{"tech": ["super_submarines"], "units": {"submarine": 1}}]}
    spec = _assault(opts, [6, 6, 3, 1], {"submarine": 2}, {"fighter": 1, "transport": 1})
    code, out, err = _call(battle_cli, ["--json"], spec)
    assert code == 0, err
    assert _rolls(out, "attacker") == [([3], 3)]
    r = json.loads(out)["result"]
    assert r["lost"]["defender"] == {"submarine": 1}
    assert r["sea_survivors"]["defender"] == {"submarine": 1}
    assert r["lost"]["attacker"] == {"infantry": 1, "transport": 1}
    assert r["outcome"] == "defender_won" and r["captured"] is False


def test_battle_spec_refuses_bad_sea_fields():
    """LHTR-O-02 LHTR-T-06: an unknown advantage, sea_allies naming more subs than defend at
    sea, sea fields on a land battle: exit 2 naming the field or the name."""
    sea = {"submarine": 2}
    bad = (({"sea_defender_na": ["banzai_charge"]}, "amphibious", "banzai_charge"),
           ({"sea_allies": [{"tech": [], "units": {"submarine": 3}}]}, "amphibious", "sea_allies"),
           ({"sea_defender_na": ["kamikaze"]}, "land", "sea_defender_na"))
    for opts, kind, word in bad:
        spec = _assault(opts, [6, 6, 3, 1], sea, {"fighter": 1, "transport": 1})
        spec["kind"] = kind
        if kind == "land":
            spec["options"] = opts
        code, out, err = _call(battle_cli, ["--json"], spec)
        assert code == 2 and word in err, (opts, err)


def _odds_spec(**more):
    spec = {"edition": "revised_lhtr", "kind": "amphibious", "attacker": {"infantry": 1},
            "defender": {"infantry": 1}, "seaborne": {"infantry": 1},
            "sea_attacker": {"bomber": 2, "transport": 1}, "sea_defender": {"battleship": 1}}
    spec.update(more)
    return spec


def test_odds_spec_sea_defender_na_and_sea_allies():
    """LHTR-O-43 LHTR-O-02 LHTR-C-42: the zone's Japanese battleship at 5 beside a territory
    without advantages: landing 649776/811801, capture a quarter of it; at 4 (the land
    owner's advantage not taken to sea): 2319/2704. LHTR-T-09: an ally's super sub beside
    the owner's plain one: nothing lands, the plain sub is lost in the end (8), the attacker's
    transport and infantry (11)."""
    code, out, err = _call(odds_cli, ["--json"], _odds_spec(sea_defender_na=["powerful_battleships"]))
    assert code == 0, err
    r = json.loads(out)
    assert abs(r["landing"] - 649776 / 811801) < 1e-9
    assert abs(r["attacker_captures"] - 162444 / 811801) < 1e-9
    code, out, err = _call(odds_cli, ["--json"], _odds_spec(
        advantages={"defender": ["powerful_battleships"]}, sea_defender_na=[]))
    assert code == 0, err
    assert abs(json.loads(out)["landing"] - 2319 / 2704) < 1e-9
    spec = _odds_spec(sea_attacker={"fighter": 1, "transport": 1}, sea_defender={"submarine": 2},
                      sea_allies=[{"tech": ["super_submarines"], "units": {"submarine": 1}}])
    code, out, err = _call(odds_cli, ["--json"], spec)
    assert code == 0, err
    r = json.loads(out)
    assert r["landing"] == 0 and abs(r["defender_ipc_lost"] - 8) < 1e-9
    assert abs(r["attacker_ipc_lost"] - 11) < 1e-9


def test_odds_spec_refuses_bad_sea_fields():
    """LHTR-O-02 LHTR-T-06 CL-C-42: an unknown advantage, sea_allies naming more than defend
    at sea, a sea field on a land battle: exit 2 naming it."""
    bad = (({"sea_defender_na": ["banzai_charge"]}, "banzai_charge"),
           ({"sea_allies": [{"tech": [], "units": {"battleship": 2}}]}, "sea_allies"),
           ({"kind": "land", "sea_defender_na": []}, "sea_defender_na"))
    for more, word in bad:
        spec = _odds_spec(**more)
        if more.get("kind") == "land":
            for k in ("seaborne", "sea_attacker", "sea_defender"):
                del spec[k]
        code, out, err = _call(odds_cli, ["--json"], spec)
        assert code == 2 and word in err, (more, err)
