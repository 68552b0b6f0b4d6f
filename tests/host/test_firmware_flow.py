"""The firmware end to end on a fake device: a whole Pacific 1940 turn through the screens,
presses counted per decision, and power cuts at 200+ random points of that game."""

import random

from fw_device import Device, Flash, PowerCut, FIRST_TWO
from firmware import ui
from firmware.hardware import pico_st7789, rpi_blinka, pybadge, sim


def _new_pacific(d):
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")  # default players: Axis P1, Allies P2


def _japan_turn(d, log):
    """Japan's first turn; `log` gets (decision, presses) pairs."""
    p0 = d.presses
    d.press("select")            # open Purchase
    d.press("right", 2)          # 2 infantry
    d.press("select")            # buy
    log.append(("purchase 2 infantry", d.presses - p0))
    p0 = d.presses
    d.press("roll")              # end Purchase -> Combat move
    log.append(("end phase", d.presses - p0))
    p0 = d.presses
    d.press("select")            # combat move menu
    d.select_item("Declare war")
    d.select_item("War on United Kingdom")
    d.select_item("Yes")
    log.append(("declare war on the UK", d.presses - p0))
    d.press("roll")              # -> Combat
    p0 = d.presses
    d.press("select")            # combat menu
    d.select_item("Battle")      # where?
    d.select_item("Anhwe")
    d.press("right", 3)          # attacker: 3 infantry
    d.press("down")
    d.press("right")             # 1 artillery
    d.press("select")            # defender
    d.press("right", 2)          # 2 artillery (cursor stays on the artillery row)
    log.append(("battle set-up", d.presses - p0))
    p0 = d.presses
    rounds = 0
    while d.screen() != "BattleResult" and rounds < 90:  # clock-seeded dice: a long battle is legal
        if d.screen() == "BattlePrompt":
            d.press("select")    # take the preselected default
        else:
            d.press("roll")
        d.wait(200)
        rounds += 1
    log.append(("battle to its result", d.presses - p0))
    p0 = d.presses
    d.press("select")            # record the result in the game
    log.append(("record the battle", d.presses - p0))
    d.press("roll")              # -> Noncombat move
    d.press("roll")              # -> Mobilize
    p0 = d.presses
    d.press("select")            # Mobilize: where?
    d.select_item("Japan")
    d.press("right", 2)          # both infantry
    d.press("select")            # place
    d.press("back")              # back to the dashboard
    log.append(("mobilize 2 infantry", d.presses - p0))
    d.press("roll")              # -> Collect income
    p0 = d.presses
    d.press("select")            # Income screen
    d.press("select")            # convoy raiders (none entered)
    d.press("select")            # collect
    while d.screen() == "PromptMenu":
        d.press("select")
    log.append(("collect income", d.presses - p0))


def test_pacific_turn_through_the_screens():
    """P40-G-05 Japan starts with 26; P40-T-11/12 infantry cost 3 each, paid at purchase;
    P40-T-20 war declared at the start of Combat move; P40-G-06 production follows captures;
    P40-T-50 unplaced units are refunded; P40-T-60 income ends the turn, the US moves next (P40-G-04)."""
    d = Device()
    _new_pacific(d)
    assert d.screen() == "Dashboard"
    s = d.app.session.summary()
    assert s["power"] == "Japan" and s["treasury"]["Japan"] == 26
    d.press("select")
    d.press("right", 2)
    d.press("select")
    assert d.app.session.summary()["treasury"]["Japan"] == 26 - 2 * 3
    d.press("back")  # nothing: dashboard back goes home, come back
    assert d.screen() == "Home"
    d.select_item("Continue game")
    d.press("roll")
    assert d.app.session.summary()["phase"] == "combat_move"
    d.press("select")
    d.select_item("Declare war")
    d.select_item("War on United Kingdom")
    d.select_item("Yes")
    assert ["Japan", "United Kingdom"] in d.app.session.summary()["at_war"]
    assert "War: CHN UK" in d.text()
    assert d.app.grid.cut == 0


def test_quick_tour_press_counts():
    """P40-T-01: every decision of Japan's turn takes only a few presses (README quick tour)."""
    d = Device()
    _new_pacific(d)
    log = []
    _japan_turn(d, log)
    s = d.app.session.summary()
    board = d.app.session.board
    anhwe = board.territory_id("Anhwe")
    captured = board.owner_at_start(anhwe) != d.app.session.game.state.owner[anhwe]
    # P40-G-06: Japan's production is its 26 plus Anhwe's value if it was taken
    assert s["production"]["Japan"] == 26 + (board.ipc(anhwe) if captured else 0)
    assert s["power"] == "United States"
    # P40-T-50: the two infantry were placed (not refunded): 26 - 6 + Japan's income
    assert d.app.session.game.state.pool == []
    assert s["treasury"]["Japan"] == 20 + d.app.session.game.state.income_log[0]
    for decision, presses in log:
        if decision in ("battle set-up", "battle to its result"):
            continue  # unit counts and dice: one press per unit / per roll
        assert presses <= 7, (decision, presses)
    assert d.app.grid.cut == 0
    assert d.app.errors == []


def test_undo_with_confirmation():
    """P40-T-11: a purchase undone (long back, Yes) restores the treasury; No keeps it."""
    d = Device()
    _new_pacific(d)
    d.press("select")
    d.press("right", 2)
    d.press("select")
    assert d.app.session.summary()["treasury"]["Japan"] == 20
    d.hold("back", 800)
    assert d.screen() == "Confirm"
    d.press("select")  # "No" is preselected
    assert d.app.session.summary()["treasury"]["Japan"] == 20
    d.hold("back", 800)
    d.select_item("Yes")
    assert d.app.session.summary()["treasury"]["Japan"] == 26


def test_resume_after_restart():
    """P40-T-70: the treasury and phase come back after the device restarts."""
    d = Device()
    _new_pacific(d)
    d.press("select")
    d.press("right", 3)
    d.press("select")
    d.press("roll")
    d2 = Device(flash=d.flash)
    assert d2.screen() == "Dashboard"
    s = d2.app.session.summary()
    assert s["treasury"]["Japan"] == 26 - 9 and s["phase"] == "combat_move"


def test_refused_purchase_shows_rule_and_changes_nothing():
    """P40-T-12: the treasury may never go negative -- 9 infantry (27) on 26 is refused."""
    d = Device()
    _new_pacific(d)
    d.press("select")
    d.press("right", 9)
    assert "Spend 27/26" in d.text()
    d.press("select")
    assert d.screen() == "Purchase"
    assert d.app.session.summary()["treasury"]["Japan"] == 26
    assert "P40-" in d.text()


def _scripted_game(d):
    _new_pacific(d)
    _japan_turn(d, [])
    # the United States: buy a fighter, end the turn
    d.press("select")
    d.press("down", 5)
    d.press("right")
    d.press("select")
    for _ in range(6):
        if d.app.session.summary()["phase"] == "mobilize":
            d.press("roll")      # P40-T-50: the device asks first; "Place them" is preselected
            assert d.screen() == "Unplaced"
            d.press("select")    # -> Mobilize
            d.press("select")    # the first complex listed
            d.press("right")     # the fighter
            d.press("select")
            d.press("back")
        d.press("roll")
        while d.screen() == "PromptMenu":
            d.press("select")


class _Recorder(Flash):
    """Flash that remembers the last game record that reached flash complete."""

    def __init__(self):
        Flash.__init__(self)
        self.last_game = None

    def wrote(self, name, data):
        if name.startswith("game."):
            from firmware import saves
            self.last_game = saves.unpack(data)[1]


def test_power_cut_at_200_random_points_loses_nothing():
    """P40-T-70/P40-T-71: pull the power at 220 random byte offsets of a scripted game's
    flash writes; after restart the game equals the one after the last completed action."""
    full = _Recorder()
    _scripted_game(Device(flash=full))
    total = sum(len(v) for v in full.files.values())
    assert full.writes > 20
    # total flash traffic: count it by replaying with an unlimited budget counter
    counter = _Recorder()
    counter.budget = 10 ** 9
    _scripted_game(Device(flash=counter))
    traffic = 10 ** 9 - counter.budget
    assert traffic > total
    rng = random.Random(2026)
    for trial in range(220):
        flash = _Recorder()
        flash.budget = rng.randint(0, traffic - 1)
        try:
            _scripted_game(Device(flash=flash))
            raise AssertionError("the power cut never came")
        except PowerCut:
            pass
        flash.budget = None
        again = Device(flash=flash)  # restart on the same flash
        if flash.last_game is None:
            assert again.app.session.game is None, trial
            continue
        assert again.app.session.payload() == flash.last_game, trial


def test_every_profile_fits_the_text():
    """P40-T-01: every screen of Japan's whole turn fits 160x128, 240x135 and 320x240:
    no row longer than the grid, no row below it (the grid counts every cut)."""
    for base in (sim, pybadge, pico_st7789, rpi_blinka):
        d = Device(base=base)
        cols, rows, _scale = ui.grid_size(base.WIDTH, base.HEIGHT)
        _new_pacific(d)
        d.press("select")  # Purchase
        for text, style in d.app.view().lines():
            width = cols // 2 if style == ui.BIG else cols
            assert len(text) <= width, (base.NAME, text)
        assert ui.slots_used(d.app.view()) <= rows - 2
        d.press("back")
        _japan_turn(d, [])
        d.press("back")  # home
        d.select_item("Settings")
        assert d.app.grid.cut == 0, base.NAME
        assert d.app.errors == [], base.NAME


def test_players_of_one_side_only():
    """P40-G-03: all powers held by one player must be on the same side."""
    d = Device()
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("down", 2)   # China
    d.press("left")      # player 2 -> player 1, with Japan
    d.press("select")
    assert d.screen() == "Players"
    assert "P40-G-03" in d.text()
    d.press("right")     # back to player 2
    d.press("select")
    assert d.screen() == "Dashboard"


def test_a_whole_turn_of_each_edition_in_a_few_presses():
    """CL-S-01, LHTR-S-01, P40-G-04, G40-T-01: one whole turn of the first power of every
    edition -- buy one infantry, place it, collect income -- hands the turn to the second
    power in the rulebook's order, with at most a few presses per decision."""
    for index in range(6):
        d = Device()
        d.select_item("New game")
        ed = d.app.top().items[index][1]
        d.press("down", index)
        d.press("select")
        d.press("select")
        first, second = FIRST_TWO[ed]
        s = d.app.session.summary()
        assert s["power"] == first, (ed, s["power"])
        start = s["treasury"][first]
        decisions = []
        steps = 0
        while d.app.session.summary()["power"] == first and steps < 20:
            steps += 1
            phase = d.app.session.summary()["phase"]
            p0 = d.presses
            if phase == "purchase":
                d.press("select")
                d.press("right")  # one infantry: the first unit of every edition
                d.press("select")
                assert d.app.session.summary()["treasury"][first] == start - 3, ed
                d.press("roll")
            elif phase == "mobilize":
                d.press("select")
                d.press("select")  # the first complex listed
                d.press("right")
                d.press("select")
                d.press("back")
                assert d.app.session.game.state.pool == [], ed
                d.press("roll")
            elif phase == "collect_income":
                d.press("select")
                while d.screen() != "Dashboard":
                    d.press("select")
            else:
                d.press("roll")
            decisions.append((phase, d.presses - p0))
        assert d.app.session.summary()["power"] == second, (ed, decisions)
        for phase, presses in decisions:
            assert presses <= 6, (ed, phase, presses)
        assert d.app.errors == [] and d.app.grid.cut == 0, ed


def test_research_dice_cost_five_each():
    """CL-T-01: weapons development comes before buying, each research die costs 5 IPCs
    (Soviet Union: 24 - 2 x 5 = 14)."""
    d = Device()
    d.select_item("New game")
    d.select_item("Classic")
    d.press("select")
    assert d.app.session.summary()["phase"] == "research"
    d.press("select")   # Research screen
    d.press("right", 2)
    assert "10" in d.lines()[2]  # Cost 10
    d.press("select")
    assert d.app.session.summary()["treasury"]["Soviet Union"] == 14
    assert d.screen() == "ResearchResult"
    dice = d.lines()[1].split()
    assert dice[0] == "Dice:" and len(dice) == 3
    # CL-T-02: each 6 is a breakthrough
    assert ("Breakthrough!" in d.text()) == ("6" in dice[1:])
    d.press("select")
    assert d.screen() == "Dashboard"


def _research_result(title, rd, second_row, dice):
    d = Device()
    d.select_item("New game")
    d.select_item(title)
    if rd:
        d.press("down", 5)   # the R&D rule row
        d.press("right")
    d.press("select")
    assert d.app.session.summary()["phase"] == "research"
    d.press("select")
    d.press("right", dice)
    d.press("down")
    d.press("right", second_row)
    d.press("select")
    assert d.screen() == "ResearchResult", d.text()
    rolled = d.lines()[1].split()[1:]
    return d, rolled


def test_research_names_the_development_in_revised():
    """LHTR-T-02/LHTR-T-04: the development is named first (row 2: #4 Long range aircraft);
    it is gained exactly when a research die shows its number, 4."""
    names = ("Jet fighters", "Rockets", "Super submarines", "Long range aircraft")
    for row, dice in ((3, 1), (1, 1), (1, 2), (3, 2), (0, 4)):
        d, rolled = _research_result("Revised LHTR", False, row, dice)
        assert len(rolled) == dice
        got = names[row] in d.text()
        assert got == (str(row + 1) in rolled), (row, rolled, d.text())
        assert ("Breakthrough!" in d.text()) == got


def test_research_picks_the_chart_in_1940():
    """P40-R-04/P40-R-05: with the R&D rule, one 6 among the dice is a breakthrough, rolled on
    the chart picked on the screen (chart 2 here: a chart 2 advance or nothing)."""
    from engine_core.ledger import research as research
    chart2 = [n.replace("_", " ") for n in research.tech_names(sum(research.CHART_2))]
    for dice in (1, 2, 3, 4):
        d, rolled = _research_result("Pacific 1940", True, 1, dice)
        hit = "6" in rolled
        assert ("Breakthrough!" in d.text()) == hit, (rolled, d.text())
        if hit:
            name = d.lines()[3].lower()
            assert name in chart2, (name, chart2)
        assert d.app.session.summary()["treasury"]["Japan"] == 26 - 5 * dice


def test_rd_rule_chosen_at_new_game():
    """P40-R-01: with the optional R&D rule on, research is phase 1 of every turn."""
    d = Device()
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("down", 5)   # the R&D rule row under the five powers
    d.press("right")
    assert "on" in d.lines()[6]
    d.press("select")
    assert d.app.session.summary()["phase"] == "research"


def test_battle_in_progress_resumes_at_the_same_step():
    """P40-C-70: a battle stopped by a power cut resumes at its step and round with the
    same units (the engine's battle bytes are part of the save)."""
    d = Device()
    d.select_item("Battle board")
    d.press("right", 5)
    d.press("select")
    d.press("right", 5)
    d.press("roll")
    d.press("roll")
    b = d.app.session.battle
    state = (b.round, b.to_bytes())
    d2 = Device(flash=d.flash)
    assert d2.screen() in ("BattleRun", "BattlePrompt")
    b2 = d2.app.session.battle
    assert (b2.round, b2.to_bytes()) == state
    d2.press("roll")
    assert d2.app.errors == []


def _end_turn(d):
    """Roll through the current power's turn, collecting income with no raiders."""
    me = d.app.session.summary()["power"]
    steps = 0
    while d.app.session.summary()["power"] == me and steps < 20:
        steps += 1
        if d.app.session.summary()["phase"] == "collect_income":
            return
        d.press("roll")
        while d.screen() == "PromptMenu":
            d.press("select")


def test_convoy_raiders_reach_the_income():
    """P40-E-40/P40-E-41: the United Kingdom's income with two Japanese submarines in a
    convoy zone next to its territories loses 0..(a zone's cap) IPCs, never more than the
    2 dice x 2 subs x 3 the raiders can roll; without raiders it collects its production."""
    results = []
    for raiders in (0, 2):
        d = Device()
        _new_pacific(d)
        _japan_turn(d, [])          # Japan declares war on the UK (P40-P-02)
        for _ in range(2):          # United States, China
            _end_turn(d)
            d.press("select")       # Income
            d.press("select")       # no raiders
            d.press("select")       # collect
            while d.screen() == "PromptMenu":
                d.press("select")
        assert d.app.session.summary()["power"] == "United Kingdom"
        _end_turn(d)
        before = d.app.session.summary()["treasury"]["United Kingdom"]
        production = d.app.session.summary()["production"]["United Kingdom"]
        d.press("select")           # Income
        d.press("select")           # Convoy raiders
        assert d.screen() == "Convoy"
        assert d.app.top().rows, "the UK has convoy zones next to its territories"
        d.press("right", raiders)   # subs in the first zone listed
        d.press("select")
        while d.screen() == "PromptMenu":
            d.press("select")
        assert d.app.errors == []
        after = d.app.session.game.state.treasury[3]
        results.append((before, production, after, d.text()))
    before, production, after, text = results[0]
    bonus = after - before - production
    assert bonus >= 0  # national objectives only add (P40-E-50)
    # P40-T-60: the dashboard tells what was collected
    assert "Income UK +" + str(after - before) in text, text
    assert "convoy" not in text
    before2, production2, after2, text2 = results[1]
    loss = (before2 + production2 + bonus) - after2
    assert 0 <= loss <= 2 * 2 * 3
    assert "Income UK +" + str(after2 - before2) in text2, text2
    assert ("convoy -" + str(loss) in text2) == (loss > 0), (loss, text2)


def _global_to_uk():
    """A new Global 1940 game with the turns before the United Kingdom's played out."""
    d = Device()
    d.select_item("New game")
    d.select_item("Global 1940")
    d.press("select")
    for _ in range(5):              # Germany, Soviet Union, Japan, United States, China
        _end_turn(d)
        d.press("select")           # Income
        while d.screen() != "Dashboard":
            d.press("select")
    return d


def test_uk_buys_for_each_economy_in_global():
    """G40-E-04/G40-E-05: the United Kingdom's European and Pacific economies buy and collect
    apart: the purchase screen switches between them (Start) and the dashboard shows both."""
    d = _global_to_uk()
    s = d.app.session.summary()
    assert s["power"] == "United Kingdom"
    uk, ukp = s["treasury"]["United Kingdom"], s["treasury"]["United Kingdom Pacific"]
    assert "UKP" in d.text()
    d.press("select")               # Purchase
    d.press("roll")                 # the Pacific economy
    assert "United Kingdom Pacific" in d.text()
    d.press("right")
    d.press("select")
    s = d.app.session.summary()
    assert s["treasury"]["United Kingdom Pacific"] == ukp - 3
    assert s["treasury"]["United Kingdom"] == uk
    assert d.app.grid.cut == 0


def test_capture_without_a_battle():
    """P40-C-53 / P40-G-06: Japan takes an empty Chinese territory in combat move;
    Japan's production rises by its value and China's falls by the same."""
    d = Device()
    _new_pacific(d)
    d.press("roll")              # -> Combat move
    board = d.app.session.board
    t = board.territory_id("Anhwe")
    value = board.ipc(t)
    d.press("select")
    d.select_item("Capture")
    d.select_item("Anhwe")
    s = d.app.session.summary()
    assert s["production"]["Japan"] == 26 + value
    assert s["production"]["China"] == 12 - value
    assert d.screen() == "Dashboard"


def _to_mobilize_with_two_infantry(edition_title):
    d = Device()
    d.select_item("New game")
    d.select_item(edition_title)
    d.press("select")
    while d.app.session.summary()["phase"] != "purchase":
        d.press("roll")
    power = d.app.session.summary()["power"]
    start = d.app.session.summary()["treasury"][power]
    d.press("select")
    d.press("right", 2)          # 2 infantry at 3 each
    d.press("select")
    while d.app.session.summary()["phase"] != "mobilize":
        d.press("roll")
    return d, power, start


def test_ending_mobilize_with_units_unplaced_asks_first():
    """P40-T-50 / P40-E-17: ending Mobilize with 2 infantry unplaced asks first ("Place
    them" preselected, 1 press to open Mobilize); Back changes nothing; "End anyway" returns
    them to the box and refunds their 6 IPCs: Japan 26 - 6 + 6 = 26."""
    d, power, start = _to_mobilize_with_two_infantry("Pacific 1940")
    assert power == "Japan" and start == 26
    d.press("roll")
    assert d.screen() == "Unplaced"
    assert "2 units not placed" in d.text()
    assert "refunded" in d.text() and "P40-E-17" in d.text()
    assert d.app.top().items[d.app.top().cursor][0] == "Place them"
    d.press("select")
    assert d.screen() == "Mobilize"
    d.press("back")
    assert d.app.session.summary()["phase"] == "mobilize"
    d.press("roll")
    d.select_item("Back")
    assert d.screen() == "Dashboard"
    s = d.app.session.summary()
    assert s["phase"] == "mobilize" and s["treasury"]["Japan"] == 20
    d.press("roll")
    d.select_item("End anyway")
    s = d.app.session.summary()
    assert d.screen() == "Dashboard" and s["phase"] == "collect_income"
    assert s["treasury"]["Japan"] == 26
    assert d.app.grid.cut == 0 and d.app.errors == []


def test_unplaced_units_are_lost_in_classic_and_revised():
    """CL-E-05 (Classic): units that cannot be placed are lost, no refund; LHTR-E-04
    (Revised, LHTR): the excess is lost. The Soviet Union keeps 24 - 6 = 18."""
    for title, rule in (("Classic", "CL-E-05"), ("Revised LHTR", "LHTR-E-04"), ("Revised", "LHTR-E-04")):
        d, power, start = _to_mobilize_with_two_infantry(title)
        assert power == "Soviet Union" and start == 24, title
        d.press("roll")
        assert d.screen() == "Unplaced", title
        assert "lost" in d.text() and rule in d.text(), (title, d.text())
        d.select_item("End anyway")
        s = d.app.session.summary()
        assert s["phase"] == "collect_income", title
        assert s["treasury"]["Soviet Union"] == 18, (title, s["treasury"])
        assert d.app.session.game.state.pool == [], title


def test_mobilize_with_everything_placed_ends_at_once():
    """P40-T-50: with the pool empty, Start ends Mobilize in one press (no question)."""
    d, power, start = _to_mobilize_with_two_infantry("Pacific 1940")
    d.press("select")            # Mobilize
    d.select_item("Japan")
    d.press("right", 2)
    d.press("select")
    d.press("back")
    assert d.app.session.game.state.pool == []
    d.press("roll")
    assert d.screen() == "Dashboard"
    assert d.app.session.summary()["phase"] == "collect_income"
    assert d.app.session.summary()["treasury"]["Japan"] == 20


def test_uk_places_each_economy_at_its_own_complexes():
    """G40-E-04: units bought by the UK's European economy are mobilized at its complexes and
    the Pacific economy's at its own; the place screen at a complex lists only that economy's
    units, and the unplaced-units question counts both (P40-T-50)."""
    d = _global_to_uk()
    assert d.app.session.summary()["power"] == "United Kingdom"
    board = d.app.session.board
    uk, ukp = board.power_id("United Kingdom"), board.power_id("United Kingdom Pacific")
    d.press("select")               # Purchase: 1 infantry for Europe
    d.press("right")
    d.press("select")
    d.press("select")               # again, the Pacific economy: 2 infantry
    d.press("roll")
    d.press("right", 2)
    d.press("select")
    while d.app.session.summary()["phase"] != "mobilize":
        d.press("roll")
    d.press("roll")
    assert d.screen() == "Unplaced" and "3 units not placed" in d.text()
    d.press("select")               # Place them -> Mobilize
    assert d.screen() == "Mobilize"
    state = d.app.session.game.state
    owners = [state.owner[t] for _n, t in d.app.top().items]
    assert uk in owners and ukp in owners
    d.select_item("United Kingdom")
    assert d.screen() == "Place" and d.app.top().limits == [1]   # Europe's one infantry only
    d.press("right")
    d.press("select")
    pacific = [name for name, t in d.app.top().items if state.owner[t] == ukp][0]
    d.select_item(pacific)
    assert d.app.top().limits == [2]
    d.press("right", 2)
    d.press("select")
    assert state.pool == [] or all(e[0] < 0 for e in state.pool)
    d.press("back")
    d.press("roll")
    assert d.screen() == "Dashboard"
    assert d.app.session.summary()["phase"] == "collect_income"
    assert d.app.errors == []


def test_china_places_in_its_own_territories_without_a_complex():
    """P40-E-18: Chinese units are placed in any Chinese territory China controls, no
    industrial complex needed: the mobilize list offers them and the placement is accepted."""
    d = Device()
    _new_pacific(d)
    for _ in range(2):              # Japan, United States
        _end_turn(d)
        d.press("select")
        while d.screen() != "Dashboard":
            d.press("select")
    assert d.app.session.summary()["power"] == "China"
    board = d.app.session.board
    china = board.power_id("China")
    d.press("select")               # Purchase: 1 infantry
    d.press("right")
    d.press("select")
    while d.app.session.summary()["phase"] != "mobilize":
        d.press("roll")
    d.press("select")
    assert d.screen() == "Mobilize"
    state = d.app.session.game.state
    items = d.app.top().items
    assert items, "China has territories to place in"
    for _name, t in items:
        assert state.owner[t] == china and board.original_owner(t) == china
    d.press("select")               # the first one listed
    d.press("right")
    d.press("select")
    assert state.pool == []
    assert d.app.errors == []


def test_a_bought_air_base_goes_to_a_territory_without_a_complex():
    """P40-U-69: a facility is placed in Mobilize in a territory held since the start of the
    turn, no complex needed: with an air base in the pool the mobilize list offers Japan's
    other territories too, and the base is placed in one of them."""
    d = Device()
    _new_pacific(d)
    board = d.app.session.board
    d.press("select")               # Purchase
    top = d.app.top()
    row = top.names.index("air base")
    d.press("down", row)
    d.press("right")
    d.press("select")
    assert d.app.session.summary()["treasury"]["Japan"] == 26 - 15   # P40 air base: 15 IPCs
    while d.app.session.summary()["phase"] != "mobilize":
        d.press("roll")
    d.press("select")
    state = d.app.session.game.state
    from engine_core import board as bmod
    sites = [t for _n, t in d.app.top().items
             if not state.facilities[t] & (bmod.FAC_ANY_IC | bmod.FAC_AIR_BASE)]
    assert sites, "territories without a complex are offered for the air base"
    t = sites[0]
    d.select_item(board.territory_name(t))
    d.press("right")
    d.press("select")
    assert state.pool == [], d.text()
    assert state.facilities[t] & bmod.FAC_AIR_BASE
    assert d.app.errors == []
