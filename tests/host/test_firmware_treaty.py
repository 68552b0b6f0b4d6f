"""The Soviet Nonaggression Treaty on the fake device (LHTR-O-11): a Revised LHTR game with the
advantage on ("USSR treaty NA" when the powers are assigned); Japan announces battles in two
red territories and one green one in Combat move; when it ends, the USSR chooses on the screen
which red territory gets its 4 free infantry, and they join that battle's defenders.

LHTR text: "If Japan attacks more than one red territory in that turn, you may decide which
such territory receives the infantry."
"""

from fw_device import Device
from firmware import pending


def _start(d):
    d.select_item("New game")
    d.select_item("Revised LHTR")
    top = d.app.top()
    d.press("down", top.names.index("USSR treaty NA") - top.cursor)
    d.press("right")
    assert "on" in d.text()
    d.press("select")
    assert d.app.session.game.options["national_advantages"] == ["nonaggression_treaty"]


def _to_japan_combat_move(d):
    s = d.app.session
    while not (s.summary()["power"] == "Japan" and s.summary()["phase"] == "combat_move"):
        if s.summary()["phase"] == "collect_income":
            d.press("select")                # Income
            while d.screen() != "Dashboard":
                d.press("select")
        else:
            d.press("roll")
        assert d.screen() == "Dashboard", d.screen()


def _announce(d, name, defenders):
    d.press("select")                        # combat menu
    d.select_item("Add pending battle")
    d.select_item(name)
    assert d.screen() == "BattleSetup" and d.app.top().plan
    d.press("right", 3)                      # 3 attacking infantry (the first row)
    d.press("select")                        # the defender
    d.press("right", defenders)
    d.press("roll")                          # save
    assert d.screen() == "Dashboard"


def _defenders(d, name):
    s = d.app.session
    return pending.of(s).get(s.game, s.board.territory_id(name))[3]


def test_the_ussr_chooses_on_the_device_and_undo_takes_it_back():
    """LHTR-O-11: the question comes before Conduct combat's first battle, offers the two red
    territories with pending battles (not China, a US territory) or none; Buryatia chosen:
    its battle's 2 defending infantry become 2 + 4 = 6. Undo brings the question back and the
    infantry leave; Soviet Far East chosen instead: 1 + 4 = 5."""
    d = Device()
    _start(d)
    _to_japan_combat_move(d)
    _announce(d, "Soviet Far East", 1)
    _announce(d, "China", 1)
    _announce(d, "Buryatia S.S.R.", 2)
    d.press("roll")                          # end Combat move: the USSR is asked at once
    assert d.screen() == "PromptMenu"
    assert [it[0] for it in d.app.top().items] == ["Soviet Far East", "Buryatia S.S.R.", "None"]
    assert "(LHTR-O-11)" in d.text() and "None" in d.text()
    assert d.app.session.summary()["phase"] == "combat"
    d.select_item("Buryatia S.S.R.")
    assert d.screen() == "Dashboard"
    assert _defenders(d, "Buryatia S.S.R.") == {"infantry": 6}
    assert _defenders(d, "Soviet Far East") == {"infantry": 1}
    assert d.app.session.prompt() is None
    d.hold("back", 800)                      # undo the answer
    d.select_item("Yes")
    assert _defenders(d, "Buryatia S.S.R.") == {"infantry": 2}
    assert d.app.session.prompt()["kind"] == "treaty"
    d.press("select")                        # the pending question comes first
    assert d.screen() == "PromptMenu"
    d.select_item("Soviet Far East")
    assert _defenders(d, "Soviet Far East") == {"infantry": 5}
    assert _defenders(d, "Buryatia S.S.R.") == {"infantry": 2}
    assert d.app.errors == [] and d.app.grid.cut == 0


def test_the_question_survives_a_power_cut():
    """LHTR-O-11 with saves: the device restarted on the same flash still asks the USSR."""
    d = Device()
    _start(d)
    _to_japan_combat_move(d)
    _announce(d, "Soviet Far East", 1)
    d.press("roll")
    assert d.screen() == "PromptMenu"
    d2 = Device(flash=d.flash)
    g = d2.app.session.game
    assert g is not None and g.prompt["labels"] == ("Soviet Far East", "None")
    assert d2.app.errors == []


def test_a_battle_not_announced_asks_before_it_starts():
    """LHTR-O-11 ("place four of your infantry for free in that territory before resolving
    combat"): Japan's Combat move ends with no battle announced; in Conduct combat a battle in
    Soviet Far East (3 infantry against 1) is set up: Start asks the USSR first; it chooses
    Soviet Far East and the set-up's defenders become 1 + 4 = 5 infantry; Start again fights."""
    d = Device()
    _start(d)
    _to_japan_combat_move(d)
    d.press("roll")                          # Combat move ends: nothing announced, no question
    assert d.screen() == "Dashboard" and d.app.session.prompt() is None
    d.press("select")                        # combat menu
    d.select_item("Battle")
    d.select_item("Soviet Far East")
    assert d.screen() == "BattleSetup"
    d.press("right", 3)                      # 3 attacking infantry
    d.press("select")                        # the defender
    d.press("right")                         # 1 defending infantry
    d.press("roll")                          # start: the question comes first
    assert d.screen() == "PromptMenu"
    assert [it[0] for it in d.app.top().items] == ["Soviet Far East", "None"]
    d.select_item("Soviet Far East")
    assert d.screen() == "BattleSetup"
    setup = d.app.top()
    inf = setup.ids.index(d.app.session.board.unit_id("infantry"))
    assert setup.sides[0][inf] == 3 and setup.sides[1][inf] == 5
    d.press("roll")                          # start
    assert d.screen() == "BattleRun"
    assert d.app.errors == []


def test_in_a_tournament_game_too():
    """LHTR-O-11 with tournament dice on: the question and its answer go through the
    tournament's game like any action (its log keeps them); the 4 infantry join the battle."""
    d = Device()
    d.select_item("New game")
    d.select_item("Revised LHTR")
    top = d.app.top()
    d.press("down", top.names.index("USSR treaty NA") - top.cursor)
    d.press("right")
    d.press("down", top.names.index("Tournament dice") - top.cursor)
    d.press("right")
    d.press("select")
    s = d.app.session
    assert s.tour is not None and s.game.options["national_advantages"] == ["nonaggression_treaty"]
    while d.screen() != "Dashboard":         # the commitment screen
        d.press("select")
    _to_japan_combat_move(d)
    _announce(d, "Soviet Far East", 1)
    d.press("roll")
    assert d.screen() == "PromptMenu"
    d.select_item("Soviet Far East")
    assert _defenders(d, "Soviet Far East") == {"infantry": 5}
    assert s.game.state.journal[-1] == (12, s.board.territory_id("Soviet Far East"))   # the answer
    assert d.app.errors == []
