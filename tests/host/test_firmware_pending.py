"""Pending battles on the fake device: announced in Combat move, kept through a power cut,
fought from the list in Conduct combat (sides prefilled, editable), dropped once recorded,
cleared at the end of the turn (firmware/pending.py)."""

from fw_device import Device
from firmware import pending, saves


def _pacific_combat_move():
    d = Device()
    d.select_item("New game")
    d.select_item("Pacific 1940")
    d.press("select")
    d.press("roll")                      # Purchase -> Combat move
    assert d.app.session.summary()["phase"] == "combat_move"
    return d


def _add_anhwe(d, attackers=3, defenders=2):
    """Combat menu, Add pending battle, Anhwe, attacker infantry, defender infantry, save."""
    p0 = d.presses
    d.press("select")                    # combat menu
    d.select_item("Add pending battle")
    assert d.screen() == "TerritoryPicker"
    assert d.presses - p0 == 3           # README quick tour: select, down, select
    d.select_item("Anhwe")
    assert d.screen() == "BattleSetup" and d.app.top().plan
    p0 = d.presses
    d.press("right", attackers)          # the first row: infantry
    d.press("select")                    # defender
    d.press("right", defenders)
    d.press("roll")                      # save
    assert d.presses - p0 == attackers + defenders + 2


def _list(d):
    s = d.app.session
    return pending.of(s).current(s.game)


def test_add_a_pending_battle():
    """P40-T-21/P40-T-30: units are committed to battles in Combat move, fought in Conduct combat; the
    device keeps the list (territory, both sides) and the dashboard counts it."""
    d = _pacific_combat_move()
    _add_anhwe(d)
    assert d.screen() == "Dashboard"
    board = d.app.session.board
    anhwe = board.territory_id("Anhwe")
    assert _list(d) == [[anhwe, "land", {"infantry": 3}, {"infantry": 2}]]
    assert "Pending battles" in d.text()
    d.press("select")
    assert "Pending battles (1)" in [it[0] for it in d.app.top().items]
    assert d.app.grid.cut == 0 and d.app.errors == []


def test_edit_and_drop_a_pending_battle():
    """P40-T-21: a pending battle's sides can be changed before combat (one per territory:
    adding Anhwe again edits it) and a battle called off can be dropped (confirmed)."""
    d = _pacific_combat_move()
    _add_anhwe(d)
    d.press("select")
    d.select_item("Pending battles")
    assert d.screen() == "PendingList"
    d.press("select")                    # edit Anhwe: the set-up shows the saved sides
    top = d.app.top()
    assert top.plan and top.sides[0][0] == 3 and top.sides[1][0] == 2
    d.press("right")                     # a 4th attacking infantry
    d.press("roll")
    assert d.screen() == "PendingList"
    assert _list(d)[0][2] == {"infantry": 4}
    d.press("back")
    _add_anhwe(d, 1, 1)                  # the same territory again: replaced, not doubled
    assert len(_list(d)) == 1 and _list(d)[0][2] == {"infantry": 5} and _list(d)[0][3] == {"infantry": 3}
    d.press("select")
    d.select_item("Pending battles")
    d.press("roll")                      # drop?
    assert d.screen() == "Confirm"
    d.select_item("Yes")
    assert _list(d) == []
    assert "None" in d.text()


def test_fight_from_pending_then_it_leaves_the_list():
    """P40-C-70 / P40-G-06: in Conduct combat the pending battle comes first with its sides
    filled in; once fought and recorded (`battle` action) it is no longer pending."""
    d = _pacific_combat_move()
    _add_anhwe(d, 4, 1)
    d.press("roll")                      # -> Conduct combat
    assert d.app.session.summary()["phase"] == "combat"
    p0 = d.presses
    d.press("select")
    top = d.app.top()
    assert top.items[top.cursor][0].startswith("Fight Anhwe A4 D1")
    d.press("select")
    assert d.presses - p0 == 2           # README quick tour: select, select, (Start fights)
    setup = d.app.top()
    assert d.screen() == "BattleSetup" and not setup.plan
    assert setup.sides[0][0] == 4 and setup.sides[1][0] == 1
    d.press("right")                     # editable: a 5th attacking infantry
    assert setup.sides[0][0] == 5
    d.press("roll")                      # fight
    assert d.app.session.battle is not None
    steps = 0
    while d.screen() != "BattleResult" and steps < 40:
        d.press("select" if d.screen() == "BattlePrompt" else "roll")
        d.wait(200)
        steps += 1
    assert d.screen() == "BattleResult"
    assert len(_list(d)) == 1            # fought, not recorded yet
    d.press("select")                    # record it in the game
    assert d.screen() == "Dashboard"
    assert _list(d) == []
    assert "Pending" not in d.text()
    assert d.app.errors == []


def test_power_cut_between_add_and_fight_keeps_it():
    """P40-T-70: the pending list has its own two-slot record: a restart after adding it
    (and a power cut in the middle of the next write) still finds the battle."""
    d = _pacific_combat_move()
    _add_anhwe(d)
    anhwe = d.app.session.board.territory_id("Anhwe")
    again = Device(flash=d.flash)        # the power went, the device comes back
    assert again.screen() == "Dashboard"
    assert _list(again) == [[anhwe, "land", {"infantry": 3}, {"infantry": 2}]]
    # a cut half-way through the next pending write keeps the previous record
    flash = again.flash
    flash.budget = 20
    try:
        again.app.session.pending.put(again.app.session.game, anhwe, "land", {"infantry": 9}, {})
        raise AssertionError("the power cut never came")
    except BaseException as err:
        if type(err).__name__ != "PowerCut":
            raise
    flash.budget = None
    third = Device(flash=flash)
    assert _list(third) == [[anhwe, "land", {"infantry": 3}, {"infantry": 2}]]
    third.press("roll")                  # -> Conduct combat: still offered
    third.press("select")
    assert third.app.top().items[0][0].startswith("Fight Anhwe")


def test_the_list_is_cleared_at_the_end_of_the_turn():
    """P40-T-60: after Collect income the next power's turn starts with no pending battle;
    the record on flash is erased."""
    d = _pacific_combat_move()
    _add_anhwe(d)
    assert any(n.startswith("pending.") for n in d.flash.files)
    while d.app.session.summary()["phase"] != "collect_income":
        d.press("roll")
        if d.screen() == "PromptMenu":
            d.press("select")
    d.press("select")                    # Income
    d.press("select")                    # convoy raiders: none
    while d.screen() != "Dashboard":
        d.press("select")
    assert d.app.session.summary()["power"] == "United States"
    assert _list(d) == []
    # erased by a "cleared" record over the older slot (no file removed: no FAT write)
    assert saves.Slots(d.flash, "pending").load() is None
    assert [n for n in ("pending.0", "pending.1") if saves.cleared(d.flash.files[n]) is not None]


def test_a_stale_record_reads_as_empty():
    """P40-T-70: a record of another turn or game is not this turn's list; a torn record
    is not read at all."""
    flash = {}

    class Store:
        def read(self, name):
            return flash.get(name)

        def write(self, name, data):
            flash[name] = bytes(data)

        def remove(self, name):
            flash.pop(name, None)

    class State:
        edition = "pacific_1940"
        game_turn = 3

    class Game:
        seed = 77
        state = State()

    p = pending.Pending(saves.Slots(Store(), "pending"))
    p.put(Game, 5, "sea", {"submarine": 2}, {"destroyer": 1})
    assert pending.Pending(saves.Slots(Store(), "pending")).current(Game) == [[5, "sea", {"submarine": 2}, {"destroyer": 1}]]
    Game.seed = 78                       # another game
    assert pending.Pending(saves.Slots(Store(), "pending")).current(Game) == []
    Game.seed = 77
    State.game_turn = 4                  # the next turn
    assert pending.Pending(saves.Slots(Store(), "pending")).current(Game) == []
    assert pending.decode(b'{"k": [1, 2], "b": []}') == (None, [])
    assert pending.decode(b"not json") == (None, [])


def test_undoing_the_recorded_battle_makes_it_pending_again():
    """P40-T-30: a battle recorded by mistake and undone at once (long back, Yes) is pending
    again with its sides; a capture without battle settles a pending battle the same way."""
    d = _pacific_combat_move()
    _add_anhwe(d, 4, 1)
    anhwe = d.app.session.board.territory_id("Anhwe")
    d.press("roll")                      # -> Conduct combat
    d.press("select")
    d.select_item("Capture")             # no battle after all: taken without one (P40-C-53)
    d.select_item("Anhwe")
    assert _list(d) == []
    assert d.app.session.game.state.owner[anhwe] == d.app.session.board.power_id("Japan")
    d.wait(100)
    d.hold("back", 800)
    d.select_item("Yes")
    assert _list(d) == [[anhwe, "land", {"infantry": 4}, {"infantry": 1}]]
    assert d.app.session.game.state.owner[anhwe] != d.app.session.board.power_id("Japan")
    # an undo of some other action does not bring back a battle settled earlier
    d.press("select")
    d.select_item("Capture")
    d.select_item("Anhwe")
    d.press("roll")                      # -> Noncombat move: a later action
    d.wait(100)
    d.hold("back", 800)
    d.select_item("Yes")
    assert d.app.session.summary()["phase"] == "combat"
    assert _list(d) == []


def test_power_cuts_at_random_points_keep_the_last_saved_list():
    """P40-T-70: pull the power at 80 random byte offsets of a game whose Combat move adds,
    edits and adds pending battles; after restart the list is the one of the last pending
    record that reached flash complete (and the game is the last saved game)."""
    import random
    from fw_device import Flash, PowerCut

    class Recorder(Flash):
        def __init__(self):
            Flash.__init__(self)
            self.last_pending = None
            self.last_game = None

        def wrote(self, name, data):
            rec = saves.unpack(data)
            if name.startswith("pending."):
                self.last_pending = pending.decode(rec[1])[1]
            elif name.startswith("game."):
                self.last_game = rec[1]

    def script(flash):
        d = Device(flash=flash)
        d.select_item("New game")
        d.select_item("Pacific 1940")
        d.press("select")
        d.press("roll")
        _add_anhwe(d, 3, 2)
        d.press("select")
        d.select_item("Pending battles")
        d.press("select")
        d.press("right")                 # 4 attackers
        d.press("roll")
        d.press("back")
        d.press("select")
        d.select_item("Add pending battle")
        d.select_item("Hunan")  # Chinese (Kwangsi is Japanese at the start: no battle there)
        d.press("right", 2)
        d.press("roll")
        d.press("roll")                  # -> Conduct combat (a game save after the adds)
        return d

    counter = Recorder()
    counter.budget = 10 ** 9
    done = script(counter)
    traffic = 10 ** 9 - counter.budget
    assert len(_list(done)) == 2
    rng = random.Random(8)
    seen_lists = set()
    for trial in range(80):
        flash = Recorder()
        flash.budget = rng.randint(0, traffic - 1)
        try:
            script(flash)
            raise AssertionError("the power cut never came")
        except PowerCut:
            pass
        flash.budget = None
        again = Device(flash=flash)
        if flash.last_game is None:
            assert again.app.session.game is None, trial
            continue
        assert again.app.session.payload() == flash.last_game, trial
        want = flash.last_pending if flash.last_pending is not None else []
        assert _list(again) == want, (trial, _list(again), want)
        seen_lists.add(len(want))
    assert seen_lists >= {0, 1, 2}, seen_lists   # cuts before, between and after the adds


def test_an_assaults_sea_part_and_damaged_ships_keep_in_the_record():
    """A pending assault keeps its launch zone and the sea battle there (CL-C-42, LHTR-C-42,
    P40-C-57), a pending sea battle its damaged ships and their cargo (P40-U-50, P40-U-55) and
    the free board's air bases (P40-C-20): encoded and decoded unchanged; a launch zone or a count
    that is not a whole number in range makes the record unreadable (a stale or damaged record
    reads as an empty list, never as a wrong battle)."""
    amph = [5, "amphibious", {"infantry": 2}, {"infantry": 1},
            {"seaborne": {"infantry": 2}, "sea_attacker": {"cruiser": 1, "transport": 1},
             "sea_defender": {"destroyer": 1}, "launch": 105}]
    sea = [105, "sea", {"battleship": 1}, {"aircraft_carrier": 1},
           {"attacker_damaged": {"battleship": 1}, "defender_damaged": {"aircraft_carrier": 1},
            "defender_cargo": {"fighter": 2}, "scramble": {"fighter": 3}, "air_bases": 1}]
    key = ["pacific_1940", 7, 1]
    assert pending.decode(pending.encode(key, [amph, sea])) == (key, [amph, sea])
    for bad in (-1, 1000, "105", 1.5):
        row = amph[:4] + [dict(amph[4], launch=bad)]
        assert pending.decode(pending.encode(key, [row])) == (None, [])
    row = sea[:4] + [dict(sea[4], air_bases=10)]
    assert pending.decode(pending.encode(key, [row])) == (None, [])
