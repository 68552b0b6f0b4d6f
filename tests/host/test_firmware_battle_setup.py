"""The battle set-up screen (firmware/screens/battle.py BattleSetup): the kind and every option on
screen with the key that changes it, a set-up refused when it is entered (never first at fight
time), bombardment / kamikaze / technologies reaching the battle, odds that say capture apart from
win, unit names never cut mid-word."""

from fw_device import Device


def _pacific_combat(d):
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")          # default players
    d.press("roll")            # Purchase -> Combat move
    d.press("roll")            # -> Conduct combat
    d.press("select")          # the combat menu
    d.select_item("Battle")


def _row(setup, label):
    for i in range(len(setup.names)):
        if setup.names[i] == label:
            return i
    raise AssertionError("no row %r in %r" % (label, setup.names))


def _to_row(d, label):
    setup = d.app.top()
    steps = _row(setup, label) - setup.cursor
    d.press("down" if steps > 0 else "up", abs(steps))


def test_a_battleship_in_a_land_battle_is_refused_when_entered_and_amphibious_bombards():
    """The issue's case: Japan attacks Kwangtung with a battleship offshore. In a land battle sea
    units are refused (P40-U-23: sea units fight only in sea zones) as soon as the battleship is
    added, on screen with the rule id, and Start starts nothing; the kind row (left/right) makes it
    an amphibious assault with the battleship bombarding (P40-C-60, P40-C-61), which starts."""
    d = Device()
    _pacific_combat(d)
    d.select_item("Kwangtung")
    setup = d.app.top()
    assert d.screen() == "BattleSetup" and setup.kind == "land"
    assert any(line.startswith("Kind") and line.rstrip().endswith("land") for line in d.lines())
    d.press("right", 2)                     # 2 infantry
    _to_row(d, "battleship")
    d.press("right")
    d.wait(100)
    text = d.text()
    assert "P40-U-23 sea units fight only in sea zones" in text.replace("\n", " ")
    d.press("roll")
    assert d.app.session.battle is None and d.screen() == "BattleSetup"
    d.press("left")                         # the battleship out of the land battle
    _to_row(d, "Kind")
    d.press("right")                        # land -> amphibious
    d.wait(100)
    assert setup.kind == "amphibious"
    assert "Bombard battleship" in setup.names and "Seaborne infantry" in setup.names
    _to_row(d, "Bombard battleship")
    d.press("right")
    _to_row(d, "Seaborne infantry")
    d.press("right", 2)
    d.press("select")                       # defender
    _to_row(d, "infantry")
    d.press("right")
    d.wait(100)
    assert setup.refusal is None and setup.odds_text.startswith("Win ")
    d.press("roll")
    b = d.app.session.battle
    assert b is not None and d.screen() == "BattleRun"
    board = d.app.session.board
    assert b.bombard[board.unit_id("battleship")] == 1
    assert b.seaborne[board.unit_id("infantry")] == 2


def test_sea_zone_kind_is_sea_and_kamikaze_row_only_where_allowed():
    """A sea zone has only a sea battle; the kamikaze token row (P40-C-31) appears on the defender's
    side only in a kamikaze zone of an Allied attack (P40-C-33), never for Japan's own attack."""
    d = Device()
    _pacific_combat(d)
    board = d.app.session.board
    zone = [t for t in range(board.territory_count) if board.is_sea(t) and board.is_kamikaze_zone(t)][0]
    d.select_item(board.territory_name(zone))
    setup = d.app.top()
    assert setup.kind == "sea" and setup.kinds == ("sea",)
    d.press("select")                       # the defender's side
    assert "Kamikaze tokens" in setup.names  # the row is there (Japan's decision)...
    _to_row(d, "Kamikaze tokens")
    d.press("right")
    d.wait(100)
    # ...but Japan is the attacker here: refused when entered (P40-C-33)
    assert setup.refusal is not None and getattr(setup.refusal, "rule", "") == "P40-C-33"
    assert "P40-C-33" in d.text()


def test_unit_names_whole_or_table_abbreviations():
    """Never cut mid-word: 'mech inf', 'tac bomber', 'carrier', 'AAA' are what players say."""
    from firmware.screens.battle import counts_text, unit_label
    d = Device()
    d.select_item("Battle board")
    board = d.app.session.board
    labels = [unit_label(board, u) for u in range(board.unit_count)]
    assert "mech inf" in labels and "tac bomber" in labels and "carrier" in labels and "AAA" in labels
    vec = [0] * board.unit_count
    vec[board.unit_id("infantry")] = 2
    vec[board.unit_id("artillery")] = 1
    assert counts_text(board, vec, 40) == "2 infantry, 1 artillery"


def test_percent_never_claims_certainty():
    from firmware.screens.text import percent
    assert percent(0.99999) == ">99.9%" and percent(1.0) == "100.0%"
    assert percent(0.00001) == "<0.1%" and percent(0.0) == "0.0%"
    assert percent(0.5) == "50.0%"
