"""The battle set-up screen (firmware/screens/battle.py BattleSetup): the kind and every option on
screen with the key that changes it, a set-up refused when it is entered (never first at fight
time), bombardment / kamikaze / technologies reaching the battle, odds that say capture apart from
win, unit names never cut mid-word."""

from fw_device import Device


def _pacific_war_on_uk(d):
    """A new Pacific 1940 game: Japan in Combat move, war declared on the United Kingdom."""
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")          # default players
    d.press("roll")            # Purchase -> Combat move
    d.press("select")
    d.select_item("Declare war")
    d.select_item("War on United Kingdom")
    d.select_item("Yes")


def _pacific_combat(d):
    _pacific_war_on_uk(d)
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


def _defender_to_lose(d, attacker, defender, hits):
    """A free battle with typed dice: the attacker's column hits total `hits`, then the defender's
    casualty question (P40-C-82: the defender picks its casualties) on the device's screen."""
    from engine_core.battle import base as bmod
    d.select_item("Battle board")
    b = d.app.session.start_battle("land", attacker, defender)
    p = b.run_until_prompt(None)
    while p.kind == bmod.P_DICE:
        _step, info = p.info
        hs = [0] * len(info)
        left = hits if p.side == 0 else 0
        for i in range(len(info)):
            hs[i] = min(info[i][1], left)
            left -= hs[i]
        b.answer({"hits": hs})
        p = b.run_until_prompt(None)
    assert p.kind == bmod.P_CASUALTIES and p.side == 1
    d.app.open_battle_run()
    d.press("roll")
    assert d.screen() == "Casualties"
    return b


def test_casualties_per_unit_type_like_the_table_takes_them():
    """The issue's case: 3 hits on 2 infantry, 1 artillery, 1 tank, 2 fighters taken as 1 infantry,
    1 artillery, 1 tank (P40-C-82: the defender chooses). The counters start at the default order
    of loss (2 infantry, 1 artillery: the cheapest first); a total other than the hits is refused
    on screen and changes nothing."""
    d = Device()
    b = _defender_to_lose(d, {"infantry": 3, "tank": 2},
                          {"infantry": 2, "artillery": 1, "tank": 1, "fighter": 2}, 3)
    screen = d.app.top()
    assert screen.names == ["Lose infantry", "Lose artillery", "Lose tank", "Lose fighter"]
    assert screen.counts == [2, 1, 0, 0]
    assert "Hits 3" in d.text() and "taken 3" in d.text()
    d.press("left")                 # 1 infantry: 2 hits taken
    d.press("select")
    assert "Take exactly 3 hits" in d.text() and d.screen() == "Casualties"
    assert b.prompt is not None     # nothing changed
    d.press("down", 2)
    d.press("right")                # 1 tank
    d.press("select")
    board = d.app.session.board
    # P40-C-78: they go behind the casualty strip and still fire in step 4; chosen as the table took them
    chosen = dict((board.unit_name(u), b.cas[1][u]) for u in range(b.n) if b.cas[1][u])
    assert chosen == {"infantry": 1, "artillery": 1, "tank": 1}


def test_two_hit_battleship_damage_row():
    """P40-U-50: a battleship takes its first hit as damage: the damage counter is shown and preset."""
    d = Device()
    d.select_item("Battle board")
    from engine_core.battle import base as bmod
    b = d.app.session.start_battle("sea", {"cruiser": 3}, {"battleship": 1, "destroyer": 1})
    p = b.run_until_prompt(None)
    while p is not None and p.kind != bmod.P_CASUALTIES:
        _step, info = p.info
        hs = [0] * len(info)
        left = 1 if p.side == 0 else 0
        for i in range(len(info)):
            hs[i] = min(info[i][1], left)
            left -= hs[i]
        b.answer({"hits": hs})
        p = b.run_until_prompt(None)
    d.app.open_battle_run()
    d.press("roll")
    screen = d.app.top()
    assert "Damage battleship" in screen.names
    i = screen.names.index("Damage battleship")
    assert screen.counts[i] == 1 and sum(screen.counts) == 1  # the default: the battleship soaks it
    d.press("select")
    assert b.dmg[1][d.app.session.board.unit_id("battleship")] == 1


def test_battle_board_columns_and_causes():
    """The board groups each side's units by the number they hit on (P40-U-30: infantry with
    artillery attack at 2, the pair in column 2; P40-U-35: AAA never rolls, column '-'), and a loss
    to AA fire says so (P40-U-36: AAA fires before round 1)."""
    from engine_core import events as ev
    from engine_core.battle import base as bmod
    from firmware.screens.battle import columns, board_lines, event_lines
    d = Device()
    d.select_item("Battle board")
    board = d.app.session.board
    b = d.app.session.start_battle("land", {"infantry": 2, "artillery": 1, "fighter": 1},
                                   {"infantry": 1, "aaa": 1})
    name = board.unit_id
    assert columns(b, 0) == [(1, [(name("infantry"), 1)]),
                             (2, [(name("infantry"), 1), (name("artillery"), 1)]),
                             (3, [(name("fighter"), 1)])]
    assert columns(b, 1) == [(0, [(name("aaa"), 1)]), (2, [(name("infantry"), 1)])]
    assert board_lines(board, b, 0, 30, False) == ["A 1:1inf 2:1inf 1art 3:1ftr"]
    assert board_lines(board, b, 0, 26, False) == ["A 1:1inf 2:1inf 1art", "  3:1ftr"]  # wrapped between columns
    assert board_lines(board, b, 1, 40, True) == ["Defender", "  -: 1 AAA", "  2: 1 infantry"]
    events = [(ev.E_ROLL, ev.DEFENDER, bmod.S_AA, 1, (1,)), (ev.E_ROUND, 1),
              (ev.E_CASUALTY, ev.ATTACKER, name("fighter"), 1)]
    lines, _rolls, _r = event_lines(board, events, 0)
    assert [t for t, _s in lines] == ["D AA 1@1: 1 =1", "Round 1", "A lost 1 fighter (AA)"]


def test_retreat_question_shows_the_odds_of_pressing_on():
    """P40-C-95: after a round the attacker may retreat; beside "Press on" the exact odds of
    fighting on with the units left (the odds engine's own live reading), once its slices
    are done (a tick or two here: fresh casualty choices count their real cost)."""
    from engine_core.battle import base as bmod
    from engine_core.odds import exact
    from firmware.screens.text import percent
    d = Device()
    d.select_item("Battle board")
    b = d.app.session.start_battle("land", {"infantry": 2, "tank": 1}, {"infantry": 2})
    p = b.run_until_prompt(None)
    while p.kind == bmod.P_DICE:    # a round with no hits
        b.answer({"hits": [0] * len(p.info[1])})
        p = b.run_until_prompt(None)
    assert p.kind == bmod.P_RETREAT
    d.app.open_battle_run()
    d.press("select")
    assert d.screen() == "BattlePrompt"
    for _ in range(20):
        if d.app.odds is None:
            break
        d.t += 20
        d.app.tick()
    assert d.app.odds is None
    want = "win " + percent(exact.live(b)["attacker_wins"])
    row = [line for line in d.lines() if line.startswith("Press on")][0]
    assert row.rstrip().endswith(want)


def test_typical_pending_battle_in_15_presses():
    """Combat move (P40-T-20..22: battles are announced by moving into hostile spaces): a pending
    battle in Anhwe with 3 attacking types (infantry, artillery, tank) and 2 defending types
    (infantry, artillery), counted press by press from the dashboard: at most 15."""
    d = Device()
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")
    d.press("roll")                      # Purchase -> Combat move
    board = d.app.session.board
    p0 = d.presses
    d.press("select")                    # the combat move menu
    d.press("down")                      # "Add pending battle"
    d.press("select")
    picker = d.app.top().picker
    anhwe = board.territory_id("Anhwe")
    # the enemy's few territories by name on the index (P40-P-01: Japan is at war with China
    # only), Anhwe first: no group to open
    assert picker.rows()[0] == ("Anhwe", anhwe)
    d.press("select")
    assert d.screen() == "BattleSetup"
    for step in ("right", "down", "right", "down", "right"):   # 1 infantry, 1 artillery, 1 tank
        d.press(step)
    d.press("select")                    # the defender, from its first unit
    for step in ("right", "down", "right"):                    # 1 infantry, 1 artillery
        d.press(step)
    d.press("roll")                      # save it
    assert d.presses - p0 == 14  # counted by hand above: 3 + 1 + 5 + 1 + 3 + 1 (the issue asks <= 15)
    from firmware import pending
    row = pending.of(d.app.session).get(d.app.session.game, anhwe)
    assert row[2] == {"infantry": 1, "artillery": 1, "tank": 1} and row[3] == {"infantry": 1, "artillery": 1}


def test_setup_odds_say_swing_and_likeliest_survivors():
    """One infantry (attacks 1) against one infantry (defends 2), P40-C-78/79: per round the
    attacker alone survives 1/6*4/6 = 4/36, the defender alone 5/6*2/6 = 10/36, both die
    1/6*2/6 = 2/36, again 20/36; so win = 4/16, lose = 10/16, draw = 2/16, and the expected IPC
    swing (defender's loss minus attacker's, 3 each) = 3*(4+2)/16 - 3*(10+2)/16 = -18/16 = -1.1;
    the likeliest end leaves the attacker nothing."""
    d = Device()
    d.select_item("Battle board")
    setup = d.app.top()
    d.press("right")                     # 1 attacking infantry
    d.press("select")
    d.press("right")                     # 1 defending infantry
    d.wait(100)
    assert setup.odds_text == "Win 25.0%"
    assert setup.more_text == "IPC -1.1 left none"
    assert "IPC -1.1 left none" in d.text()


def test_fit_words_never_cuts_mid_word():
    from firmware.screens.battle import fit_words
    assert fit_words("IPC +0.5 left 1inf 1art 1ftr", 26) == "IPC +0.5 left 1inf ..."
    assert fit_words("IPC +0.5 left none", 26) == "IPC +0.5 left none"


def test_pending_amphibious_battle_keeps_its_bombardment():
    """P40-C-60: a pending amphibious assault keeps its bombarding battleship and seaborne
    infantry (saved with the list, firmware/pending.py) and fights with them."""
    from firmware import pending
    d = Device()
    _pacific_war_on_uk(d)
    d.press("select")
    d.select_item("Add pending battle")
    d.select_item("Kwangtung")
    setup = d.app.top()
    d.press("right", 2)                  # 2 infantry
    _to_row(d, "Kind")
    d.press("right")                     # amphibious
    _to_row(d, "Bombard battleship")
    d.press("right")
    _to_row(d, "Seaborne infantry")
    d.press("right", 2)
    d.press("select")
    _to_row(d, "infantry")
    d.press("right")
    d.press("roll")                      # saved
    board = d.app.session.board
    t = board.territory_id("Kwangtung")
    row = pending.of(d.app.session).get(d.app.session.game, t)
    # Kwangtung's only coast is Sea Zone 20 (the Pacific 1940 map): the launch zone saved with it
    assert row[1] == "amphibious" and row[4] == {"bombard": {"battleship": 1}, "seaborne": {"infantry": 2},
                                                 "launch": board.territory_id("Sea Zone 20")}
    key, rows = pending.decode(pending.encode(pending.of(d.app.session).key, [row]))
    assert rows == [row]                 # as saved on flash
    d.press("roll")                      # -> Conduct combat
    d.press("select")
    d.select_item("Fight Kwangtung")
    setup = d.app.top()
    assert setup.kind == "amphibious" and "Bombard battleship" in setup.names
    d.wait(100)
    d.press("roll")
    b = d.app.session.battle
    assert b.bombard[board.unit_id("battleship")] == 1 and b.seaborne[board.unit_id("infantry")] == 2


def _pacific_combat_at(d, name):
    """Japan at war with the UK in Conduct combat, the set-up of the battle in `name`."""
    _pacific_combat(d)
    d.select_item(name)
    return d.app.top()


def _set(d, label, n):
    """The row `label` of the side shown to count n (left/right from where it is)."""
    _to_row(d, label)
    setup = d.app.top()
    have = setup.counts[setup.cursor]
    d.press("right" if n > have else "left", abs(n - have))
    d.wait(100)


def test_amphibious_assault_with_its_sea_battle_from_the_device():
    """Issue 18 item 1: Japan's assault on Kwangtung from Sea Zone 20 (its only coast: the
    "From" row, P40-C-55) with UK ships there: the sea battle first (P40-C-56, P40-C-57), then
    the land battle. Refused when entered: attacking ships with no defender there (P40-C-57: no
    sea battle), a bombarding battleship after a sea battle (P40-C-60), 2 infantry + 1 artillery
    aboard 1 transport (P40-U-58: one unit plus one infantry each -> 2 transports needed).
    Sea odds worked by hand: cruiser (hits <= 3, 1/2) + transport vs destroyer (hits <= 2, 1/3),
    the destroyer's hit on the cruiser (P40-C-84: transports chosen last): per round attacker
    clears the zone with 1/2 (the transport alone left counts), loses the cruiser with
    1/2 * 1/3 = 1/6 (the transport is then sunk), repeats with 1/2 * 2/3 = 1/3:
    win = (1/2) / (1 - 1/3) = 3/4. The assault as a whole (engine_core/odds/assault.py): the 2
    infantry land with 3/4 and then win 157/232 (2 v 1, tests/portable/test_odds_assault.py):
    Win 3/4 * 157/232 = 471/928 = 50.8%. Fought with given dice: the cruiser rolls 2 (hit), the destroyer
    5 (miss); no bombardment after the sea battle (P40-C-60); the 2 landed infantry roll 1 and 4
    (one hit at 1), the defending infantry 6 (miss): Kwangtung captured, cruiser and transport
    left at sea."""
    from engine_core.dice import FixedDice
    d = Device()
    setup = _pacific_combat_at(d, "Kwangtung")
    board = d.app.session.board
    _set(d, "infantry", 2)
    _to_row(d, "Kind")
    d.press("right")                                   # land -> amphibious
    d.wait(100)
    assert setup.kind == "amphibious"
    assert any(line.startswith("From") and line.rstrip().endswith("Sea Zone 20") for line in d.lines())
    assert setup.zones == (board.territory_id("Sea Zone 20"),)
    _set(d, "Seaborne infantry", 2)
    _set(d, "Sea cruiser", 1)
    assert getattr(setup.refusal, "rule", "") == "P40-C-57"   # nobody to fight at sea yet
    _set(d, "Sea transport", 1)
    d.press("select")                                  # the defender
    _set(d, "infantry", 1)
    _set(d, "Sea destroyer", 1)
    assert setup.refusal is None
    assert setup.odds_text.startswith("Sea 75.0% Win 50.8%")
    d.press("select")                                  # the attacker again
    _set(d, "Bombard battleship", 1)
    assert getattr(setup.refusal, "rule", "") == "P40-C-60" and "P40-C-60" in d.text()
    d.press("roll")
    assert d.app.session.battle is None                # Start refused: nothing started
    _set(d, "Bombard battleship", 0)
    _set(d, "artillery", 1)
    _set(d, "Seaborne artillery", 1)
    assert getattr(setup.refusal, "rule", "") == "P40-U-58"
    _set(d, "Seaborne artillery", 0)
    _set(d, "artillery", 0)
    assert setup.refusal is None
    d.press("roll")
    b = d.app.session.battle
    assert b is not None and b.part == 0               # the sea battle first
    dice = FixedDice([2, 5, 1, 4, 6])
    p = b.run_until_prompt(dice)
    while p is not None:
        b.answer(p.default)
        p = b.run_until_prompt(dice)
    r = b.result
    u = board.unit_id
    assert r["sea_survivors"][0][u("cruiser")] == 1 and r["sea_survivors"][0][u("transport")] == 1
    assert r["sea_survivors"][1][u("destroyer")] == 0
    assert r["survivors"][0][u("infantry")] == 2 and r["survivors"][1][u("infantry")] == 0
    assert r["captured"] and dice.used == 5
    d.app.session.end_battle()


def test_damaged_battleship_entered_on_the_set_up():
    """Issue 16 item 15, P40-U-50: a battleship damaged before this battle takes one more hit.
    A damaged battleship (hits <= 4: 2/3) against a destroyer (hits <= 2: 1/3), one hit each
    side sinks: per round the battleship alone survives 2/3 * 2/3 = 4/9, both sink 2/9, the
    battleship alone sinks 1/9, nothing 2/9: win = (4/9) / (7/9) = 4/7 = 57.1%. The row is only
    for two-hit ships entered on the side, at most as many as entered, and reaches the battle."""
    d = Device()
    setup = _pacific_combat_at(d, "Sea Zone 20")
    board = d.app.session.board
    assert "Damaged battleship" not in setup.names       # no battleship entered yet
    _set(d, "battleship", 1)
    assert "Damaged battleship" in setup.names and "Damaged cruiser" not in setup.names
    _set(d, "Damaged battleship", 3)
    assert setup.counts[setup.cursor] == 1              # never more than entered
    d.press("select")
    _set(d, "destroyer", 1)
    assert setup.odds_text.startswith("Win 57.1%")
    d.press("select")
    _set(d, "battleship", 0)                             # the damaged one leaves with it
    assert setup.extra["attacker_damaged"][setup.ids.index(board.unit_id("battleship"))] == 0
    _set(d, "battleship", 1)
    _set(d, "Damaged battleship", 1)
    d.press("roll")
    b = d.app.session.battle
    assert b.dmg[0][board.unit_id("battleship")] == 1
    d.app.session.end_battle()


def test_damaged_carrier_planes_aboard_are_cargo():
    """P40-U-55: "If a damaged carrier is attacked, the aircraft aboard are cargo: they can't
    defend and are lost with the carrier." On the free battle board (Pacific 1940): a destroyer
    (hits <= 2: 1/3) attacks a damaged carrier (defends at 2: 1/3; one hit sinks it) with 2
    fighters aboard. Entered as defenders they are refused (P40-U-55); on the "Aboard" rows they
    ride: win = (1/3 * 2/3) / (1 - 2/3 * 2/3) = (2/9) / (5/9) = 2/5; the carrier sinks with
    (1/3) / (5/9) = 3/5, taking 16 + 2 * 10 IPC with it: defender's expected loss 3/5 * 36 = 21.6."""
    d = Device()
    d.select_item("Battle board")
    setup = d.app.top()
    _to_row(d, "Kind")
    d.press("right")                                   # land -> sea
    assert setup.kind == "sea"
    _set(d, "destroyer", 1)
    d.press("select")
    _set(d, "carrier", 1)
    _set(d, "Damaged carrier", 1)
    _set(d, "fighter", 2)
    assert getattr(setup.refusal, "rule", "") == "P40-U-55"
    _set(d, "fighter", 0)
    _set(d, "Aboard fighter", 2)
    assert setup.refusal is None
    opts = setup.options()
    assert opts["defender_cargo"] == {"fighter": 2} and opts["defender_damaged"] == {"aircraft_carrier": 1}
    r = d.app.session.odds("sea", {"destroyer": 1}, {"aircraft_carrier": 1}, opts)
    assert abs(r["attacker_wins"] - 2.0 / 5) < 1e-9
    assert abs(r["defender_ipc_lost"] - 21.6) < 1e-9
    assert setup.odds_text.startswith("Win 40.0%")


def test_free_board_air_bases_row_limits_the_scramble():
    """P40-C-20: up to 3 fighters / tactical bombers scramble from each operative air base. On the
    free battle board the bases are entered ("Air bases", defender side): 4 fighters from 1 base
    refused when entered, allowed from 2."""
    d = Device()
    d.select_item("Battle board")
    setup = d.app.top()
    _to_row(d, "Kind")
    d.press("right")                                   # sea
    _set(d, "destroyer", 1)
    d.press("select")
    _set(d, "destroyer", 1)
    assert "Air bases" in setup.names
    _set(d, "Scramble fighter", 4)
    assert getattr(setup.refusal, "rule", "") == "P40-C-20"
    _set(d, "Air bases", 2)
    assert setup.refusal is None and setup.options()["air_bases"] == 2


def test_kamikaze_row_in_an_assaults_launch_zone():
    """P40-C-31: kamikaze strikes only in sea zones with the Kamikaze symbol -- also the zone an
    amphibious assault is launched from (the strike there counts as combat: no bombardment,
    P40-C-60). The United States assaulting Iwo Jima from Sea Zone 17 (a kamikaze zone): the
    defender's side has the token row and 1 token reaches the battle; Japan's own assault on
    Kwangtung from Sea Zone 20 (also a kamikaze zone) shows the row but refuses a token (P40-C-33:
    strikes meet an Allied attack)."""
    import sys
    import os
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "portable"))
    from portable_helpers import _to
    from firmware.screens.battle import BattleSetup
    d = Device()
    setup = _pacific_combat_at(d, "Kwangtung")
    _set(d, "infantry", 1)
    _to_row(d, "Kind")
    d.press("right")                                   # amphibious from Sea Zone 20
    d.press("select")
    _set(d, "Kamikaze tokens", 1)
    assert getattr(setup.refusal, "rule", "") == "P40-C-33"
    s = d.app.session
    board = s.board
    d.press("back")
    _to(s.game, "United States", "combat_move")
    iwo = board.territory_id("Iwo Jima")
    setup = BattleSetup(d.app, "amphibious", {"infantry": 1}, {"infantry": 1}, territory=iwo)
    d.app.push(setup)
    assert setup.zones == (board.territory_id("Sea Zone 17"),)
    _set(d, "Seaborne infantry", 1)
    d.press("select")
    _set(d, "Kamikaze tokens", 1)
    assert setup.refusal is None and setup.options()["kamikaze"] == 1
    d.press("roll")
    assert s.battle is not None and s.battle.kamikaze == 1
    s.end_battle()


def test_naval_base_repair_note_on_the_set_up():
    """P40-U-66 (economy.free_repair): Japan attacks Sea Zone 26 where a damaged US battleship
    defends beside Pearl Harbor's operative naval base: the set-up says, in words that fit every
    profile's two message lines, that the defender repairs there at its Purchase -- a note, not a
    refusal (the ship may have come after that phase): the odds are still shown and Start works.
    Odds by hand (P40-U-50, battleships hit on 4 = 2/3 both ways): the attacker's battleship (2 hits)
    against the damaged one (1 hit): per round sinks it with 2/9 + 4/9 (unhurt / damaged), is
    damaged with 2/9 (then both on one hit: win (2/9) / (8/9) = 1/4), repeats with 1/9:
    win = (6/9 + 2/9 * 1/4) / (8/9) = 13/16 = 81.3%."""
    from firmware import ui
    d = Device()
    setup = _pacific_combat_at(d, "Sea Zone 26")
    _set(d, "battleship", 1)
    d.press("select")
    _set(d, "battleship", 1)
    _set(d, "Damaged battleship", 1)
    assert setup.refusal is None and setup.message == "P40-U-66: D repairs here at Purchase"
    assert setup.message_style == ui.DIM and setup.odds_text.startswith("Win 81.3%")
    assert "P40-U-66: D repairs" in d.text()
    d.press("roll")
    assert d.app.session.battle is not None and d.app.session.battle.dmg[1][d.app.session.board.unit_id("battleship")] == 1
    d.app.session.end_battle()


def test_land_units_aboard_a_defending_transport_are_lost_with_it():
    """Issue 16 item 17 on the device. P40-U-58: "Cargo cannot attack or defend at sea and is
    destroyed with the transport" (Classic CL-U-70: "if the transport is hit, the land units
    aboard are lost, too!"). Free battle board (Pacific 1940), sea: a destroyer against a lone
    transport with 2 infantry aboard ("Aboard" rows appear once the side has a transport). A lone
    transport is destroyed by the attacker without dice (P40-C-90, defenseless), so the defender
    surely loses 7 (transport) + 2 * 3 (infantry) = 13 IPC; 3 land units aboard one transport are
    refused when entered (P40-U-58: one unit plus one infantry)."""
    d = Device()
    d.select_item("Battle board")
    setup = d.app.top()
    _to_row(d, "Kind")
    d.press("right")                                   # land -> sea
    _set(d, "destroyer", 1)
    d.press("select")
    assert "Aboard infantry" not in setup.names        # no transport yet
    _set(d, "transport", 1)
    assert "Aboard infantry" in setup.names and "Aboard tank" in setup.names
    _set(d, "Aboard infantry", 2)
    _set(d, "Aboard artillery", 1)
    assert getattr(setup.refusal, "rule", "") == "P40-U-58"
    _set(d, "Aboard artillery", 0)
    assert setup.refusal is None
    opts = setup.options()
    assert opts["defender_cargo"] == {"infantry": 2}
    assert setup.odds_text.startswith("Win 100.0%")
    r = d.app.session.odds("sea", {"destroyer": 1}, {"transport": 1}, opts)
    assert abs(r["attacker_wins"] - 1.0) < 1e-9 and abs(r["defender_ipc_lost"] - 13) < 1e-9
    _set(d, "transport", 0)                            # no transport: nothing can be aboard
    assert "Aboard infantry" not in setup.names and "defender_cargo" not in setup.options()


def test_assault_odds_as_a_whole_then_what_landed():
    """Issue 18 point 4 (P40-C-57, P40-C-63, P40-C-65, P40-U-58): Japan assaults Kwangtung with
    3 infantry, 2 of them aboard the transport that fights the sea battle in Sea Zone 20
    (cruiser + transport vs a UK destroyer), against 1 infantry.
    Set-up, worked by hand: the sea battle lands the cargo with 3/4 (cruiser hits on 3: 1/2,
    destroyer on 2: 1/3; the transport taken last; a lone transport is sunk). Land: 3 infantry
    (at 1) vs 1 (at 2): A hits >= 1 with 1 - (5/6)^3 = 91/216 and then wins; else D hits 1/3
    -> 2 v 1 (win 157/232), D misses 2/3 -> again: win = (91/216 + 125/216 * 1/3 * 157/232) /
    (1 - 125/216 * 2/3) = 82961/92336 (89.8%); with nothing landed, the overland infantry
    alone (1 v 1: 1/4). The whole: 3/4 * 82961/92336 + 1/4 * 1/4 = 271967/369344 = 73.6%.
    The battle board after a sea battle that sank the transport (cruiser misses 5, destroyer hits
    1; then the destroyer hits 2 on the transport), at the land part's first decision (both miss
    in round 1; retreat?): the odds are the lone overland infantry's, 1 v 1 = 1/4, not the
    set-up's."""
    from fractions import Fraction as F
    from engine_core.battle.base import P_DICE, P_RETREAT
    d = Device()
    setup = _pacific_combat_at(d, "Kwangtung")
    _set(d, "infantry", 3)
    _to_row(d, "Kind")
    d.press("right")                                   # land -> amphibious
    d.wait(100)
    _set(d, "Seaborne infantry", 2)
    _set(d, "Sea cruiser", 1)
    _set(d, "Sea transport", 1)
    d.press("select")                                  # the defender
    _set(d, "infantry", 1)
    _set(d, "Sea destroyer", 1)
    d.wait(200)
    land3 = (F(91, 216) + F(125, 216) * F(1, 3) * F(157, 232)) / (1 - F(125, 216) * F(2, 3))
    whole = F(3, 4) * land3 + F(1, 4) * F(1, 4)
    from firmware.screens.text import percent
    assert whole == F(271967, 369344)
    assert setup.odds_text.startswith("Sea 75.0% Win " + percent(float(whole))), setup.odds_text
    assert percent(float(whole)) != percent(float(land3))          # not the all-landed figure
    d.app.dice_source = lambda: None                   # the players roll: the board waits each roll
    d.press("roll")
    board_screen = d.app.top()
    b = d.app.session.battle
    rolls = [(5,), (1,), (2,)]
    p = b.run_until_prompt(None)
    while b.part == 0:
        b.answer(rolls.pop(0) if p.kind == P_DICE else ("press" if p.kind == P_RETREAT else None))
        p = b.run_until_prompt(None)                   # at last the land part's first roll
    assert rolls == [] and b.seaborne[d.app.session.board.unit_id("infantry")] == 0
    for roll in ((6,), (6,)):                          # land round 1: both miss
        b.answer(roll)
        p = b.run_until_prompt(None)
    assert p.kind == P_RETREAT                         # the overland infantry may go now (P40-C-64)
    board_screen.stale = True                          # the board's odds at this decision
    d.wait(500)
    assert board_screen.odds is not None and abs(board_screen.odds["attacker_wins"] - 0.25) < 1e-9


def _defender_to(d, name):
    """The defender's side of a sea battle: its "Defender" row (left/right) to power `name`."""
    setup = d.app.top()
    _to_row(d, "Defender")
    for _ in range(len(setup.defenders)):
        if d.app.session.board.power_name(setup.defender_power()) == name:
            break
        d.press("right")
    d.wait(100)
    assert d.app.session.board.power_name(setup.defender_power()) == name


def test_a_sea_battle_names_its_defender_and_a_power_not_at_war_is_refused():
    """P40-P-06, the rulebook ("Powers Not at War with One Another"): "A power can't attack a
    territory controlled by or containing units belonging to a power with which it is not at
    war. If a power at war attacks a sea zone containing units belonging to both a power with
    which it's already at war and a power with which it's not at war, the latter power's units
    are ignored." Japan, at war with the UK and ANZAC (P40-P-03: one declaration, both) and
    China, not with the United States, attacks Sea Zone 26: the defender's side names the
    defending power ("Defender" row: the Allied powers that can be at sea, China cannot:
    P40-E-83); it starts at a power at war with Japan; the United States is refused when
    entered with the rule id and Start starts nothing; the United Kingdom fights, and the
    battle's record (luck ledger) names it as the defender. The next sea battle's set-up starts
    at the defender chosen last."""
    d = Device()
    setup = _pacific_combat_at(d, "Sea Zone 26")
    s = d.app.session
    board, state = s.board, s.game.state
    japan = board.power_id("Japan")
    assert setup.kind == "sea"
    _set(d, "battleship", 1)
    assert "Defender" not in setup.names                # the attacker's side has no such row
    d.press("select")
    names = [board.power_name(p) for p in setup.defenders]
    assert "United States" in names and "United Kingdom" in names and "ANZAC" in names
    assert "China" not in names and "Japan" not in names
    assert state.is_at_war(japan, setup.defender_power())   # the default: a power at war
    assert any(line.startswith("Defender") for line in d.lines())
    _set(d, "destroyer", 1)
    _defender_to(d, "United States")
    assert not state.is_at_war(japan, board.power_id("United States"))
    assert getattr(setup.refusal, "rule", "") == "P40-P-06"
    assert "P40-P-06" in d.text()
    before = state.snapshot()
    d.press("roll")
    assert s.battle is None and d.screen() == "BattleSetup" and state.snapshot() == before
    _defender_to(d, "United Kingdom")
    assert setup.refusal is None
    d.press("roll")
    assert s.battle is not None and d.screen() == "BattleRun"
    assert s.battle_info[4] == board.power_id("United Kingdom")   # the defender on record
    assert s.sea_defender == board.power_id("United Kingdom")


def _lhtr_family_combat(d, edition):
    """A Classic / Revised / LHTR game at Germany's Conduct combat (the Soviet Union moves first),
    its battle picker open."""
    d.select_item("New game")
    d.select_item(edition)
    d.press("select")                                   # default players
    g = d.app.session.game
    while not (g.summary()["power"] == "Germany" and g.summary()["phase"] == "combat"):
        g.apply({"type": "answer", "value": 0} if g.prompt is not None else {"type": "end_phase"})
    d.wait(100)
    d.press("select")                                   # the combat menu
    d.select_item("Battle")


def test_the_defenders_technologies_reach_a_sea_battle():
    """CL-U-30 (Classic: "JET POWER Each of your fighter planes now defends at 5"), LHTR-T-07 /
    LHTR-U-33 (LHTR: "Your fighters are now jet fighters. Their defense increases to 5"): the
    defending power's technologies apply at sea as on land. Every edition without declarations
    of war (Classic, Revised, LHTR): Germany (at war with every Allied power) attacks a sea zone with 1 fighter (attack 3)
    against the United States' carrier (defends 3) and fighter (defends 4, 5 with jets). Dice
    worked by hand: the attacking fighter rolls 6 (miss); the defenders roll 5 and 5: the carrier
    misses either way, the fighter hits only with jets -> the attacker's fighter is shot down in
    round 1 and the United States win; without the technology nobody is hit."""
    from engine_core import techs
    from engine_core.dice import FixedDice
    for label in ("Classic 2nd ed.", "Revised", "Revised LHTR"):
        d = Device()
        _lhtr_family_combat(d, label)
        s = d.app.session
        board = s.board
        us = board.power_id("United States")
        s.game.state.techs[us] |= techs.JETS
        zone = [t for t in range(board.territory_count) if board.is_sea(t)][0]
        d.select_item(board.territory_name(zone))
        setup = d.app.top()
        assert setup.kind == "sea"
        _set(d, "fighter", 1)
        d.press("select")
        _defender_to(d, "United States")
        _set(d, "carrier", 1)
        _set(d, "fighter", 1)
        assert setup.refusal is None, (label, setup.refusal)
        assert setup.options()["defender_tech"] == ("jet_fighters",), label
        d.press("roll")
        b = s.battle
        assert b is not None, label
        dice = FixedDice([6, 5, 5])
        p = b.run_until_prompt(dice)
        while p is not None and b.result is None:
            b.answer(p.default)
            p = b.run_until_prompt(dice)
        from engine_core.battle import base as bmod
        r = b.result
        assert r is not None and r["outcome"] == bmod.O_DEFENDER_WON, (label, r)
        u = board.unit_id
        assert r["survivors"][0][u("fighter")] == 0
        assert r["survivors"][1][u("fighter")] == 1 and r["survivors"][1][u("carrier")] == 1


def test_a_pending_sea_battle_keeps_its_defender():
    """P40-P-06: a pending sea battle (Combat move) keeps the defending power its set-up named
    (saved with the list, firmware/pending.py, as on flash) and is fought against that power,
    whatever another set-up named since; a saved record naming a power outside the game is a
    bad record (read as none)."""
    from firmware import pending
    d = Device()
    _pacific_war_on_uk(d)
    d.press("select")
    d.select_item("Add pending battle")
    d.select_item("Sea Zone 26")
    s = d.app.session
    board = s.board
    _set(d, "battleship", 1)
    d.press("select")
    _defender_to(d, "ANZAC")
    _set(d, "destroyer", 1)
    d.press("roll")                      # saved
    t = board.territory_id("Sea Zone 26")
    row = pending.of(s).get(s.game, t)
    assert row[1] == "sea" and row[4] == {"defender_power": board.power_id("ANZAC")}
    key, rows = pending.decode(pending.encode(pending.of(s).key, [row]))
    assert rows == [row]                 # as saved on flash
    bad = [row[:4] + [{"defender_power": 32}]]
    assert pending.decode(pending.encode(key, bad)) == (None, [])
    s.sea_defender = board.power_id("United Kingdom")   # another set-up named the UK since
    d.press("roll")                      # -> Conduct combat
    d.press("select")
    d.select_item("Fight Sea Zone 26")
    setup = d.app.top()
    assert board.power_name(setup.defender_power()) == "ANZAC"
    d.wait(100)
    assert setup.refusal is None
    d.press("roll")
    assert s.battle is not None and s.battle_info[4] == board.power_id("ANZAC")
