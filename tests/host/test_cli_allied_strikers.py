"""The `battle` command line states a sea battle's defending side of several powers with Japan's
Kamikaze Attacks / Kaiten Torpedoes (issue 16; LHTR-O-41 "Japan may name any number of its
fighters (not bombers) as Kamikazes", LHTR-O-42 "The same pattern with subs", LHTR-O-02 "A
power may not share its advantages"): "allies" entries name the other powers' units, and Japan
names only its own. The odds count kamikazes as not named (engine_core/odds/exact.py)."""
import io
import json

from engine_core.host import battle_cli, odds_cli


def _call(mod, argv, spec=None):
    out = io.StringIO()
    err = io.StringIO()
    code = mod.main(argv, io.StringIO(json.dumps(spec) if spec is not None else ""), out, err)
    return code, out.getvalue(), err.getvalue()


def _spec(options, answers):
    # a US destroyer and battleship against a carrier with two fighters, one of them German
    return {"edition": "revised_lhtr", "kind": "sea", "attacker": {"destroyer": 1, "battleship": 1},
            "defender": {"aircraft_carrier": 1, "fighter": 2}, "dice": [4, 5, 3, 6],
            "options": options, "answers": answers}


BOTH = [[["fighter", "destroyer"], ["fighter", "battleship"]]]
ONE = [[["fighter", "destroyer"]], "retreat"]


def test_japan_defending_names_only_its_own_fighter():
    """LHTR-O-41 LHTR-O-02: Japan defends (Kamikaze Attacks) with a German fighter (an ally)
    beside its own: naming both is refused with LHTR-O-41 (exit 2, the rule in the message).
    Naming its own at the destroyer: 4 hits (on 4) before the destroyer fires; the battleship 5
    misses (at 4); the carrier 3 hits (at 3), the German fighter 6 misses (at 4); the US
    retreats: lost a destroyer against the kamikaze fighter."""
    code, out, err = _call(battle_cli, ["--json"], _spec(
        {"defender_na": ["kamikaze"], "allies": [{"units": {"fighter": 1}}]}, BOTH))
    assert code == 2 and "LHTR-O-41" in err and "its own fighters" in err
    code, out, err = _call(battle_cli, ["--json"], _spec(
        {"defender_na": ["kamikaze"], "allies": [{"units": {"fighter": 1}}]}, ONE))
    assert code == 0, err
    j = json.loads(out)
    rolls = [(e["side"], e["step"], e["value"], e["dice"]) for e in j["log"] if e["event"] == "roll"]
    assert rolls == [("defender", "kamikaze", 4, [4]), ("attacker", "attack", 4, [5]),
                     ("defender", "defend", 3, [3]), ("defender", "defend", 4, [6])]
    r = j["result"]
    assert r["outcome"] == "retreat"
    assert r["lost"] == {"attacker": {"destroyer": 1}, "defender": {"fighter": 1}}
    assert r["survivors"]["defender"] == {"aircraft_carrier": 1, "fighter": 1}


def test_japan_as_the_ally_names_only_the_fighters_stated_as_its():
    """LHTR-O-41 LHTR-O-02: Germany defends and Japan is the ally holding Kamikaze Attacks with
    one fighter: the same refusal of two; an ally Japan with no fighter there is asked nothing
    (the kamikaze question never comes: the first question is the retreat, all five dice miss)."""
    code, out, err = _call(battle_cli, ["--json"], _spec(
        {"allies": [{"units": {"fighter": 1}, "advantages": ["kamikaze"]}]}, BOTH))
    assert code == 2 and "LHTR-O-41" in err
    code, out, err = _call(battle_cli, ["--json"], _spec(
        {"allies": [{"units": {"fighter": 1}, "advantages": ["kamikaze"]}]}, ONE))
    assert code == 0, err
    assert json.loads(out)["result"]["lost"]["defender"] == {"fighter": 1}
    spec = _spec({"allies": [{"units": {"aircraft_carrier": 1}, "advantages": ["kamikaze"]}]}, ["retreat"])
    spec["dice"] = [6, 6, 6, 6, 6]
    code, out, err = _call(battle_cli, ["--json"], spec)
    assert code == 0, err
    assert [p["prompt"] for p in json.loads(out)["prompts"]][:1] == ["retreat"]


def test_kaiten_of_the_japanese_sub_only():
    """LHTR-O-42: two US destroyers against a Japanese sub (Kaiten Torpedoes) and a German one
    (the ally): naming both subs is refused with LHTR-O-42; the Japanese one, named, rolls 3
    (hits on 3); the German sub 4 misses (at 2); the other destroyer 2 hits (at 3): the US wins."""
    spec = {"edition": "revised_lhtr", "kind": "sea", "attacker": {"destroyer": 2},
            "defender": {"submarine": 2}, "dice": [3, 4, 2],
            "options": {"defender_na": ["kaiten"], "allies": [{"units": {"submarine": 1}}]},
            "answers": [[["submarine", "destroyer", 0], ["submarine", "destroyer", 1]]]}
    code, out, err = _call(battle_cli, ["--json"], spec)
    assert code == 2 and "LHTR-O-42" in err
    spec["answers"] = [[["submarine", "destroyer"]]]
    code, out, err = _call(battle_cli, ["--json"], spec)
    assert code == 0, err
    r = json.loads(out)["result"]
    assert r["outcome"] == "attacker_won" and r["lost"]["defender"] == {"submarine": 2}


def test_odds_take_the_same_allies():
    """The odds count kamikazes as not named: with the allies stated they are the odds without
    the advantage (the spec is accepted, nothing else changes)."""
    spec = {"edition": "revised_lhtr", "kind": "sea", "attacker": {"destroyer": 1},
            "defender": {"submarine": 2}, "advantages": {"defender": ["kaiten"]},
            "allies": [{"units": {"submarine": 1}}]}
    code, out, err = _call(odds_cli, ["--json"], spec)
    assert code == 0, err
    del spec["allies"]
    del spec["advantages"]
    code, out2, err = _call(odds_cli, ["--json"], spec)
    assert code == 0, err
    assert abs(json.loads(out)["attacker_wins"] - json.loads(out2)["attacker_wins"]) < 1e-12


def _jets_rolls(options, dice, answers):
    spec = _spec(options, answers)
    spec["dice"] = dice
    code, out, err = _call(battle_cli, ["--json"], spec)
    assert code == 0, err
    j = json.loads(out)
    return [(e["side"], e["step"], e["value"], e["dice"]) for e in j["log"] if e["event"] == "roll"], j


def test_japans_own_jets_from_its_tech():
    """LHTR-A-32 ("A defending Kamikaze hits on 5 with Jets") LHTR-T-06 ("Technology helps only
    the power that researched it") LHTR-T-07: Japan defends with Jet Fighters ("defender_tech"),
    the German ally's fighter without ("tech": []). The kamikaze at the destroyer rolls 5: a hit
    (5 with Jets); the battleship 6 misses (at 4), the carrier 6 misses (at 3); the German
    fighter defends at 4: its 4 hits (the battleship damaged). The US retreats. The same with
    Germany the defending power (no Jets) and Japan the ally with them."""
    for options in ({"defender_na": ["kamikaze"], "defender_tech": ["jet_fighters"],
                     "allies": [{"tech": [], "units": {"fighter": 1}}]},
                    {"allies": [{"tech": ["jet_fighters"], "units": {"fighter": 1},
                                 "advantages": ["kamikaze"]}]}):
        rolls, j = _jets_rolls(options, [5, 6, 6, 4], ONE)
        assert rolls == [("defender", "kamikaze", 5, [5]), ("attacker", "attack", 4, [6]),
                         ("defender", "defend", 3, [6]), ("defender", "defend", 4, [4])]
        assert j["result"]["lost"]["attacker"] == {"destroyer": 1}


def test_the_german_allys_jets_are_not_japans():
    """LHTR-A-32 LHTR-T-06 LHTR-T-07: Japan without Jets, the German ally with ("tech":
    ["jet_fighters"]). The kamikaze rolls 5: a miss (on 4); the destroyer 6 (misses at 3), the
    battleship 6; the carrier 6; the German fighter defends at 5: its 5 hits, the US takes it
    on the battleship (damaged). The US retreats, nothing lost. The same with Germany the
    defending power (its Jets in "defender_tech") and Japan the ally without."""
    answers = [[["fighter", "destroyer"]], {"damaged": {"battleship": 1}}, "retreat"]
    for options in ({"defender_na": ["kamikaze"],
                     "allies": [{"tech": ["jet_fighters"], "units": {"fighter": 1}}]},
                    {"defender_tech": ["jet_fighters"],
                     "allies": [{"tech": [], "units": {"fighter": 1}, "advantages": ["kamikaze"]}]}):
        rolls, j = _jets_rolls(options, [5, 6, 6, 6, 5], answers)
        assert rolls == [("defender", "kamikaze", 4, [5]), ("attacker", "attack", 3, [6]),
                         ("attacker", "attack", 4, [6]), ("defender", "defend", 3, [6]),
                         ("defender", "defend", 5, [5])]
        assert j["result"]["lost"]["attacker"] == {}


def _assault_spec(sea_tech, ally_tech, dice, answers):
    # LHTR: a destroyer, two battleships and a transport (1 infantry aboard) attack a Japanese
    # carrier with a Japanese and a German fighter off a Japanese island (dug-in infantry)
    options = {"seaborne": {"infantry": 1},
               "sea_attacker": {"destroyer": 1, "battleship": 2, "transport": 1},
               "sea_defender": {"aircraft_carrier": 1, "fighter": 2},
               "sea_defender_na": ["kamikaze"], "sea_defender_tech": sea_tech,
               "sea_allies": [{"tech": ally_tech, "units": {"fighter": 1}}],
               "defender_na": ["dug_in"], "space": ["island"]}
    return {"edition": "revised_lhtr", "kind": "amphibious", "attacker": {"infantry": 1},
            "defender": {"infantry": 1}, "dice": dice, "options": options, "answers": answers}


def test_assault_sea_allies_japan_names_only_its_own_fighter():
    """LHTR-O-41 ("At the start of any sea battle ... Japan may name any number of its
    fighters") LHTR-O-02 LHTR-C-42: in an assault's launch zone "sea_allies" states the German
    fighter beside Japan's: naming both is refused with LHTR-O-41 (exit 2). Naming Japan's at
    the destroyer: 4 hits (on 4), the destroyer sunk before it fires; the battleships' 1, 1 sink
    the carrier and the German fighter, which miss back (6 at 3, 6 at 4); the kamikaze is lost
    after the cycle. The landing with the land owner's Dug-In Defenders (LHTR-O-44): the
    infantry's 6 misses (at 1), the defender's 3 hits (at 3): the defender holds."""
    code, out, err = _call(battle_cli, ["--json"], _assault_spec([], [], [4, 1, 1, 6, 6, 6, 3],
                                                                 BOTH))
    assert code == 2 and "LHTR-O-41" in err and "its own fighters" in err
    rolls, j = _assault_rolls([], [], [4, 1, 1, 6, 6, 6, 3])
    assert rolls == [("defender", "kamikaze", 4, [4]), ("attacker", "attack", 4, [1, 1]),
                     ("defender", "defend", 3, [6]), ("defender", "defend", 4, [6]),
                     ("attacker", "attack", 1, [6]), ("defender", "defend", 3, [3])]
    r = j["result"]
    assert r["lost"] == {"attacker": {"destroyer": 1, "infantry": 1},
                         "defender": {"aircraft_carrier": 1, "fighter": 2}}


def _assault_rolls(sea_tech, ally_tech, dice):
    code, out, err = _call(battle_cli, ["--json"], _assault_spec(
        sea_tech, ally_tech, dice, [[["fighter", "destroyer"]]]))
    assert code == 0, err
    j = json.loads(out)
    return [(e["side"], e["step"], e["value"], e["dice"]) for e in j["log"] if e["event"] == "roll"], j


def test_assault_sea_allies_japans_own_jets_only():
    """LHTR-A-32 ("A defending Kamikaze hits on 5 with Jets") LHTR-T-06 ("Technology helps only
    the power that researched it"): Japan's Jet Fighters in the launch zone
    ("sea_defender_tech"), the German fighter without ("tech": []): the kamikaze's 5 hits (on 5),
    the German fighter defends at 4 (its 6 misses). The other way round (Germany's Jets, not
    Japan's) the kamikaze's 5 misses (on 4): the destroyer fires too (6 misses at 3), the
    battleships' 1, 1 sink the carrier and the German fighter, which defends at 5 (its 6
    misses); the same landing."""
    rolls, j = _assault_rolls(["jet_fighters"], [], [5, 1, 1, 6, 6, 6, 3])
    assert rolls[0] == ("defender", "kamikaze", 5, [5])
    assert rolls[3] == ("defender", "defend", 4, [6])
    assert j["result"]["lost"]["attacker"] == {"destroyer": 1, "infantry": 1}
    rolls, j = _assault_rolls([], ["jet_fighters"], [5, 6, 1, 1, 6, 6, 6, 3])
    assert rolls == [("defender", "kamikaze", 4, [5]), ("attacker", "attack", 3, [6]),
                     ("attacker", "attack", 4, [1, 1]), ("defender", "defend", 3, [6]),
                     ("defender", "defend", 5, [6]),
                     ("attacker", "attack", 1, [6]), ("defender", "defend", 3, [3])]
    assert j["result"]["lost"] == {"attacker": {"infantry": 1},
                                   "defender": {"aircraft_carrier": 1, "fighter": 2}}
