"""The device names LHTR kamikazes / kaitens of a defending side of several powers (issue 16;
LHTR-O-41 "Japan may name any number of its fighters (not bombers) as Kamikazes", LHTR-O-42
"The same pattern with subs", LHTR-O-02 "A power may not share its advantages"): at sea the
set-up's "Ally" rows name an ally's fighters / subs when Japan's advantage is on the side, the
battle gets defender_strikers, and the naming screen ("fighter at battleship" counters) offers
only as many as are Japan's; a naming of more is refused with the rule id, nothing changed."""
from test_firmware_battle_setup import _set, _defender_to
from test_firmware_battle_allies import _ally_to
from fw_device import Device


def _uk_combat(d):
    """An LHTR game with Kamikaze Attacks chosen, at the United Kingdom's Conduct combat (the
    Soviet Union and Germany move first), its battle picker open."""
    d.select_item("New game")
    d.select_item("Revised LHTR")
    d.press("select")                                   # default players
    s = d.app.session
    s.game.options = dict(s.game.options or {})
    s.game.options["national_advantages"] = ["kamikaze"]
    g = s.game
    while not (g.summary()["power"] == "United Kingdom" and g.summary()["phase"] == "combat"):
        g.apply({"type": "answer", "value": 0} if g.prompt is not None else {"type": "end_phase"})
    d.wait(100)
    d.press("select")                                   # the combat menu
    d.select_item("Battle")
    return s


def _japanese_carrier_with_a_german_fighter(d, german=1, jets=()):
    """A UK destroyer and battleship attack a sea zone held by Japan's carrier with 2 fighters,
    `german` of them Germany's (the "Ally" rows); the powers named in `jets` have Jet Fighters.
    Returns the session."""
    s = _uk_combat(d)
    board = s.board
    if jets:
        from engine_core import techs
        for name in jets:
            s.game.state.techs[board.power_id(name)] |= techs.JETS
    zone = [t for t in range(board.territory_count) if board.is_sea(t)][0]
    d.select_item(board.territory_name(zone))
    _set(d, "destroyer", 1)
    _set(d, "battleship", 1)
    d.press("select")
    _defender_to(d, "Japan")
    _set(d, "carrier", 1)
    _set(d, "fighter", 2)
    if german:
        _ally_to(d, "Germany")
        _set(d, "Ally fighter", german)
    return s


def _naming_screen(d):
    d.press("roll")                                     # Start
    d.app.open_battle_run()
    d.press("roll")                                     # to the first question
    d.wait(100)
    d.press("select")                                   # it: Japan names its kamikazes
    d.wait(100)
    assert d.screen() == "Strikes"
    return d.app.top()


def _to(d, screen, label, n):
    i = screen.names.index(label)
    d.press("down" if i > screen.cursor else "up", abs(i - screen.cursor))
    have = screen.counts[i]
    d.press("right" if n > have else "left", abs(n - have))


def test_the_ally_fighter_row_at_sea_gives_the_battle_japans_count():
    """LHTR-O-41 LHTR-O-02: with Kamikaze Attacks (Japan's) on the defending side, the sea
    set-up shows "Ally fighter" (no technology changes fighters here: without the advantage the
    row is not there); one German fighter named: defender_strikers {"fighter": 1}, Japan's one."""
    d = Device()
    s = _japanese_carrier_with_a_german_fighter(d, german=0)
    setup = d.app.top()
    assert "Ally fighter" in setup.names
    s.game.options["national_advantages"] = []
    setup.build()
    assert "Ally fighter" not in setup.names
    s.game.options["national_advantages"] = ["kamikaze"]
    setup.build()
    _ally_to(d, "Germany")
    _set(d, "Ally fighter", 1)
    assert setup.refusal is None, setup.refusal
    opts = setup.options()
    assert opts["defender_na"] == ("kamikaze",) and opts["defender_strikers"] == {"fighter": 1}


def test_japan_names_only_its_own_fighter_on_the_device():
    """LHTR-O-41 LHTR-O-02 LHTR-A-28: the naming screen has a counter per target ("fighter at
    battleship", "fighter at destroyer"), each up to 1 (Japan's one fighter; the German one is
    not Japan's to name): a press past 1 stays at 1. One at each ship is refused on screen with
    LHTR-O-41 and nothing changes; the one at the destroyer is taken. Dice by hand (as
    tests/portable/test_allied_strikers.py): the kamikaze 4 sinks the destroyer before it fires,
    the battleship 5 misses, the carrier 3 hits, the German fighter 6 misses; the UK retreats:
    the carrier and the German fighter are left."""
    from engine_core.dice import FixedDice
    from engine_core.battle import base as bmod
    d = Device()
    s = _japanese_carrier_with_a_german_fighter(d)
    screen = _naming_screen(d)
    assert screen.names == ["fighter at battleship", "fighter at destroyer"]
    assert screen.limits == [1, 1]
    _to(d, screen, "fighter at battleship", 2)
    assert screen.counts == [1, 0]
    _to(d, screen, "fighter at destroyer", 1)
    b = s.battle
    before = b.to_bytes()
    d.press("select")
    assert d.screen() == "Strikes" and "LHTR-O-41" in d.text()
    assert b.to_bytes() == before and b.prompt.kind == bmod.P_KAMIKAZE
    _to(d, screen, "fighter at battleship", 0)
    d.press("select")
    d.wait(100)
    assert d.screen() != "Strikes"
    assert b.prompt is None and b.plan == [(1, s.board.unit_id("fighter"), s.board.unit_id("destroyer"), 0)]
    dice = FixedDice([4, 5, 3, 6])
    p = b.run_until_prompt(dice)
    assert p.kind == bmod.P_RETREAT
    b.answer("retreat")
    assert b.run_until_prompt(dice) is None and dice.remaining() == 0
    r = b.result
    board = s.board
    assert r["lost"][0][board.unit_id("destroyer")] == 1 and r["lost"][1][board.unit_id("fighter")] == 1
    assert r["survivors"][1][board.unit_id("fighter")] == 1
    assert r["survivors"][1][board.unit_id("aircraft_carrier")] == 1


def test_both_fighters_japans_both_may_be_named():
    """LHTR-O-41: without an ally's fighters both are Japan's: each counter goes up to 2."""
    d = Device()
    _japanese_carrier_with_a_german_fighter(d, german=0)
    screen = _naming_screen(d)
    assert screen.limits == [2, 2]


def _rolls(b):
    from engine_core import events as ev
    return [(e[1], e[2], e[3], e[4]) for e in b.events if e[0] == ev.E_ROLL]


def test_whose_jets_the_set_up_gives_the_battle():
    """LHTR-A-32 ("A defending Kamikaze hits on 5 with Jets") LHTR-T-06 ("Technology helps only
    the power that researched it"): each power's own technologies decide whether Japan's
    striking fighter carries Jets: Japan's Jets, defender_strikers_teched {"fighter": 1};
    Germany's only, {"fighter": 0}."""
    d = Device()
    _japanese_carrier_with_a_german_fighter(d, jets=("Japan",))
    opts = d.app.top().options()
    assert opts["defender_tech"] == ("jet_fighters",) and opts["defender_teched"] == {"fighter": 1}
    assert opts["defender_strikers"] == {"fighter": 1}
    assert opts["defender_strikers_teched"] == {"fighter": 1}
    d = Device()
    _japanese_carrier_with_a_german_fighter(d, jets=("Germany",))
    opts = d.app.top().options()
    assert opts["defender_tech"] == ("jet_fighters",) and opts["defender_teched"] == {"fighter": 1}
    assert opts["defender_strikers_teched"] == {"fighter": 0}


def test_germanys_jets_leave_the_kamikaze_at_4_on_the_device():
    """LHTR-A-32 LHTR-T-06 LHTR-T-07: Germany with Jets, Japan without. Japan's fighter, named on
    the screen at the destroyer, rolls 5: a miss (it hits on 4); the destroyer 6 (misses at 3),
    the battleship 6 (at 4); the carrier 6 (at 3); the German fighter with Jets defends at 5:
    its 5 hits (dice by hand, as tests/portable/test_allied_strikers.py)."""
    from engine_core.dice import FixedDice
    from engine_core.battle import base as bmod
    d = Device()
    s = _japanese_carrier_with_a_german_fighter(d, jets=("Germany",))
    screen = _naming_screen(d)
    _to(d, screen, "fighter at destroyer", 1)
    d.press("select")
    d.wait(100)
    b = s.battle
    assert b.prompt is None and b.plan == [(1, s.board.unit_id("fighter"), s.board.unit_id("destroyer"), 0)]
    dice = FixedDice([5, 6, 6, 6, 5])
    p = b.run_until_prompt(dice)
    assert p.kind == bmod.P_CASUALTIES and p.side == 0 and dice.remaining() == 0
    assert _rolls(b) == [(1, bmod.S_KAMIKAZE, 4, (5,)), (0, bmod.S_ATTACK, 3, (6,)),
                         (0, bmod.S_ATTACK, 4, (6,)), (1, bmod.S_DEFEND, 3, (6,)),
                         (1, bmod.S_DEFEND, 5, (5,))]
