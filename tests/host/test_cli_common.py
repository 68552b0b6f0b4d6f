"""The command line's shared input checks and its human form (issue 17): names players type,
the schema checker's refusals, bounded JSON, the battle text and the transcript."""
import json

from engine_core.board import Board
from engine_core.errors import InputError
from engine_core.host import cli_common as cc
from engine_core.host import readable


def _refused(f, *args):
    try:
        f(*args)
    except InputError as e:
        return e.message
    raise AssertionError("not refused: %r" % (args,))


def test_abbreviations_and_plurals():
    """P40-U-01..18 (Pacific 1940's unit list), CL-U-01..10 (Classic's): the short names
    calculator users type, plurals and any case resolve to the board's unit."""
    p40 = Board("pacific_1940")
    cases = {"inf": "infantry", "Infantry": "infantry", "infantries": "infantry", "art": "artillery",
             "ARTY": "artillery", "arm": "tank", "Tanks": "tank", "armor": "tank", "mech": "mechanized_infantry",
             "ftr": "fighter", "fig": "fighter", "fighters": "fighter", "bmb": "strategic_bomber",
             "bomber": "strategic_bomber", "tac": "tactical_bomber", "dd": "destroyer",
             "DDs": "destroyer", "ca": "cruiser", "bb": "battleship", "cv": "aircraft_carrier",
             "carriers": "aircraft_carrier", "sub": "submarine", "subs": "submarine",
             "trn": "transport", "tp": "transport", "aa": "aaa", "aaa": "aaa",
             "strategic bomber": "strategic_bomber"}
    for typed, name in sorted(cases.items()):
        assert cc.unit_name(p40, typed, "attacker") == name, typed
    classic = Board("classic")
    assert cc.unit_name(classic, "tank", "attacker") == "armor"
    assert cc.unit_name(classic, "aaa", "attacker") == "antiaircraft_gun"
    assert cc.unit_name(classic, "bmb", "attacker") == "bomber"


def test_unknown_unit_did_you_mean():
    """CL-U-01..10: Classic has no artillery; a typo gets the closest name and the valid list."""
    classic = Board("classic")
    msg = _refused(cc.unit_name, classic, "infantyr", "attacker")
    assert "did you mean 'infantry'" in msg and "valid: infantry, armor" in msg
    msg = _refused(cc.unit_name, classic, "artillery", "defender")
    assert msg.startswith("defender: no unit 'artillery' in classic")


def test_edition_by_menu_name():
    """P40-G-01: the edition by its id or the device's menu name (any case); a typo is named."""
    assert cc.edition("Pacific 1940") == "pacific_1940"
    assert cc.edition("pacific_1940") == "pacific_1940"
    assert cc.edition("REVISED LHTR") == "revised_lhtr"
    assert cc.edition("Classic 2nd ed.") == "classic"
    assert cc.edition("Global 1940 var.") == "global_1940_variant"
    assert "did you mean 'pacific_1940'" in _refused(cc.edition, "pacfic_1940")
    for bad in (None, 5, [], {}):
        assert _refused(cc.edition, bad).startswith("edition must be a string")


def test_menu_names_are_the_devices():
    """One place per fact: the CLI's edition titles are the firmware menu's."""
    try:
        from firmware.screens.text import EDITION_TITLES
    except ImportError:
        from firmware.screens.game import EDITION_TITLES
    assert cc.EDITION_TITLES == EDITION_TITLES


def test_whole_numbers_never_coerced():
    """INPUT: 2.9, "3", true, null are refused by name, not rounded or cast."""
    for bad in (2.9, "3", True, None, [], {}, 1.0):
        assert _refused(cc.whole, bad, "attacker.infantry").startswith("attacker.infantry must be a whole")
    assert cc.whole(3, "x") == 3
    assert "at most 5" in _refused(cc.whole, 6, "x", 0, 5)
    assert "at least 0" in _refused(cc.whole, -1, "x")
    assert _refused(cc.seed, 1.5).startswith("seed must be a whole number")


def test_unknown_fields_refused_by_name():
    """INPUT: an unknown field is named with the valid ones (and a suggestion)."""
    msg = _refused(cc.fields, {"edition": "classic", "attackr": {}}, "", ("edition", "attacker"))
    assert msg == "unknown field 'attackr' (did you mean 'attacker'?); valid: edition, attacker"
    msg = _refused(cc.fields, {"zzz": 1}, "policy", ("keep_land",))
    assert msg.startswith("policy: unknown field 'zzz'")
    assert "'edition' is required" in _refused(cc.fields, {}, "", ("edition",), ("edition",))
    assert "must be a JSON object" in _refused(cc.fields, [], "", ("edition",))


def test_deep_json_refused_without_recursion():
    """INPUT: JSON nested deeper than MAX_DEPTH is refused before json.loads recurses; strings
    with brackets inside do not count."""
    deep = "[" * 200000 + "]" * 200000
    assert "nested more than" in _refused(cc.parse_json, deep)
    assert cc.nesting_depth('{"a": "[[[[{{{{", "b": [[1]]}') == 3
    assert cc.parse_json('{"a": [1, {"b": 2}]}') == {"a": [1, {"b": 2}]}
    assert "not JSON" in _refused(cc.parse_json, "{not json")
    assert "NaN" in _refused(cc.parse_json, '{"a": NaN}')


def test_counts_and_totals():
    """INPUT: {unit: count} resolved and summed; the totals per side and battle are bounded."""
    b = Board("revised")
    assert cc.counts(b, {"inf": 2, "infantry": 1, "Tanks": 1}, "attacker") == {"infantry": 3, "armor": 1}
    assert "attacker.inf must be a whole number" in _refused(cc.counts, b, {"inf": 2.9}, "attacker")
    assert "is at most" in _refused(cc.counts, b, {"inf": 10 ** 8}, "attacker")
    msg = _refused(cc.check_total, (("attacker", {"infantry": 401}), ("defender", {})), 400, 800, "battle")
    assert msg.startswith("attacker: 401 units")


def test_battle_text():
    """The human form of a battle: counts before names, plurals, 'vs'/'v', multi-word names."""
    a, d = readable.parse_battle("3 inf 2 art 1 tank vs 4 inf 1 aaa")
    assert a == {"inf": 3, "art": 2, "tank": 1} and d == {"inf": 4, "aaa": 1}
    a, d = readable.parse_battle("3x inf, 2 strategic bombers + aircraft carrier V inf x4")
    assert a == {"inf": 3, "strategic_bombers": 2, "aircraft_carrier": 1} and d == {"inf": 4}
    assert "needs 'vs'" in _refused(readable.parse_battle, "3 inf 2 art")
    assert "one 'vs'" in _refused(readable.parse_battle, "1 inf vs 2 inf vs 3 inf")
    assert "names no unit" in _refused(readable.parse_battle, "3 vs 2 inf")


def test_transcript_of_classic_action_3():
    """CL-C-12 CL-C-13: the Classic Action 3 battle (dice 4,2 / 4,5 / 1 / 2) as text: the
    attacker's infantry (4 at 1: miss) and tank (2 at 3: hit) take one defending infantry."""
    out = {"log": [{"event": "round", "round": 1},
                   {"event": "roll", "side": "attacker", "step": "attack", "value": 1, "dice": [4]},
                   {"event": "roll", "side": "attacker", "step": "attack", "value": 3, "dice": [2]},
                   {"event": "hits", "side": "attacker", "step": "attack", "hits": 1},
                   {"event": "casualty", "side": "defender", "unit": "infantry", "count": 1}],
           "result": {"outcome": "attacker_won", "rounds": 1, "captured": True,
                      "lost": {"attacker": {}, "defender": {"infantry": 1}},
                      "survivors": {"attacker": {"armor": 1, "infantry": 1}, "defender": {}},
                      "ipc_lost": {"attacker": 0, "defender": 3}, "retreated": {}}}
    lines = readable.battle_transcript(out)
    assert lines[0] == "Round 1:"
    assert lines[1] == "  attacker attack: rolls 4 at 1; 2 at 3 ... hits 1"
    assert lines[2] == "    defender loses 1 infantry"
    assert lines[3] == "Result: attacker won after 1 round, territory captured"
    assert "left 1 armor, 1 infantry" in lines[4]
    json.dumps(out)
