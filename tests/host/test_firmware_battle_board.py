"""The battle board on every profile (issue 18, points 3 and 4): what each screen shows is
decided from its geometry (board_layout, grid_size), dice drawn as dice, whole unit names or the
table's abbreviations, and the odds a player acts on (draw, IPC swing) during the rounds and
beside the submerge and retreat questions."""

from fractions import Fraction

from firmware import ui
from firmware.hardware import sim, pybadge, pico_st7789, pico_plus2_lcd, rpi_blinka
from firmware.screens import battle as bs
from fw_device import Device

PROFILES = (sim, pybadge, pico_st7789, pico_plus2_lcd, rpi_blinka)


def _fight_one_roll(d, attacker, defender, kind="land"):
    """A free battle started from the home menu's Battle board and stepped once (device dice)."""
    d.select_item("Battle board")
    b = d.app.session.start_battle(kind, attacker, defender)
    d.app.open_battle_run()
    d.wait(100)
    d.press("roll")
    return b


def _words_whole(board, text):
    """Every word of a board row is a number, a column head, a whole unit name (or one of its
    words) or a table abbreviation: nothing cut mid-word."""
    names = set()
    for u in range(board.unit_count):
        names.update(bs.unit_label(board, u).split(" "))
        names.add(bs.unit_abbr(board, u))
    for word in text.replace("|", " ").replace(",", " ").split():
        if word in ("Attacker", "Defender", "none", "A", "D"):
            continue
        i = word.find(":")
        if i > 0 and (word[:i].isdigit() or word[:i] == "-"):
            word = word[i + 1:]  # a column head, alone ('2:') or glued ('2:1inf')
        head = word.lstrip("0123456789")
        if head == "" or head in names:
            continue
        raise AssertionError("cut or unknown word %r in %r" % (word, text))


def test_layout_follows_the_screen_geometry():
    """P40-C-78: the battle board's columns. Every profile 240 px wide or more gets both sides
    side by side (two panels of PANEL_MIN columns fit its dense grid); the 320x240 profile gets
    the scale-1 grid (more rows and columns, not the same grid bigger); narrower ones stack."""
    for base in PROFILES:
        cols, rows, scale = ui.grid_size(base.WIDTH, base.HEIGHT, True)
        assert scale == 1
        assert (cols, rows) == (base.WIDTH // ui.FONT_W, base.HEIGHT // ui.FONT_H)
        panels, n_odds, keep = bs.board_layout(cols, rows - 2)
        assert panels == (cols >= 2 * bs.PANEL_MIN + 1)
        if base.WIDTH >= 240:
            assert panels, base.NAME
        big = ui.grid_size(base.WIDTH, base.HEIGHT)
        if big[2] > 1:  # a grid drawn larger elsewhere: the board shows more cells
            assert cols * rows >= 4 * big[0] * big[1]
            assert n_odds == 2 and keep >= (rows - 2) // 2
        assert n_odds >= 1 and keep >= 2


def test_every_profile_shows_both_sides_odds_and_dice_together():
    """P40-C-78 / P40-C-79: after a roll the board shows each side's units, the draw chance and
    the expected IPC swing (every profile, not only wide ones) and the roll's dice drawn as dice,
    all on one screen; no row wider than the grid, no unit name cut mid-word."""
    for base in PROFILES:
        d = Device(base=base)
        b = _fight_one_roll(d, {"infantry": 2, "artillery": 1, "fighter": 1}, {"infantry": 3})
        assert d.screen() in ("BattleRun", "Casualties", "BattlePrompt"), base.NAME
        while d.screen() != "BattleRun":
            d.press("back")
        v = d.app.view()
        cols, body = d.app.grid.size(True)
        assert v.dense
        texts = [t for t, _s in v.rows]
        for t in texts:
            assert len(t) <= cols, (base.NAME, t)
        assert ui.slots_used(v) <= body
        assert any(t.startswith("Draw ") and " IPC " in t for t in texts), (base.NAME, texts)
        assert v.dice, (base.NAME, texts)       # at least one roll drawn as dice
        for row, (col, side, faces, hits) in v.dice.items():
            text = texts[row]
            assert text[col:col + 2 * len(faces)] == ui.dice_text(faces)
            assert col + 2 * len(faces) <= cols
            assert side in (0, 1) and len(hits) == len(faces)
        board = d.app.session.board
        if cols >= 2 * bs.PANEL_MIN + 1:
            assert any("Attacker" in t and "Defender" in t for t in texts), (base.NAME, texts)
            panel = [t for t in texts if "|" in t]
            assert panel
            for t in panel:
                _words_whole(board, t)
        else:
            assert any(t.startswith("A ") for t in texts) and any(t.startswith("D ") for t in texts)
        assert d.app.grid.cut == 0 and d.app.errors == [], base.NAME
        assert b.round >= 1


def test_dice_tiles_show_each_face_and_hit():
    """P40-C-78: a die hits when it rolls the unit's number or less; the drawn die shows its face
    (the sprite sheet's tile for side, face and hit), and the row's text keeps the numbers
    under it. A face has as many pips as its number, laid out symmetrically (180-degree turn)."""
    for face in range(1, 7):
        pips = bs.ui.die_pixels(face)
        assert len(pips) == face
        turned = sorted([(8 - x, 8 - y) for x, y in pips])  # 2x2 pips in a 10x10 body
        assert turned == sorted(pips)
    seen = set()
    for side in (0, 1):
        for hit in (True, False):
            for face in range(1, 7):
                seen.add(ui.die_tile(side, face, hit))
    assert len(seen) == 24 and min(seen) == 1 and max(seen) == 24  # tile 0 stays blank
    g = ui.Grid(None, 160, 128)
    v = ui.View("t")
    faces = (1, 5, 2)
    hits = tuple([f <= 2 for f in faces])  # 3 artillery-supported infantry at 2
    v.add_dice("A 3@2: ", 0, faces, hits, "=2")
    g.show(v)
    group, tiles, shown = g.dice[1]
    assert shown == (ui.die_tile(0, 1, True), ui.die_tile(0, 5, False), ui.die_tile(0, 2, True))
    assert [tiles[k, 0] for k in range(4)] == list(shown) + [0]
    assert g.labels[1].text == "A 3@2: " + " " * 6 + "=2"
    assert group.x == g.x0 + len("A 3@2: ") * ui.FONT_W
    before = g.updates
    g.show(v)
    assert g.updates == before  # the same roll again: nothing redrawn
    v2 = ui.View("t")
    v2.add("A hits: 2")
    g.show(v2)
    assert g.dice[1][0].hidden and g.labels[1].text == "A hits: 2"


def test_a_long_roll_wraps_between_dice():
    """P40-C-78: twelve infantry roll twelve dice; on a 26-column screen they wrap between dice,
    every die kept in order, the hits count on the last row."""
    faces = (1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1)
    hits = tuple([f <= 1 for f in faces])
    entry = ("A 12@1: " + ui.dice_text(faces) + "=2", ui.NORMAL, ("A 12@1: ", 0, faces, hits, "=2"))
    rows = bs.log_rows([entry], 26)
    assert len(rows) == 2
    got = ()
    for _text, _style, (prefix, side, f, h, suffix) in rows:
        assert len(prefix) + 2 * len(f) + len(suffix) <= 26
        got += f
    assert got == faces and rows[-1][2][4] == "=2" and rows[0][2][4] == ""


def test_counts_never_cut_a_name():
    """P40-C-100 (survivors on the result screen): whole names, else the table's abbreviations,
    cut only between units."""
    d = Device()
    d.select_item("Battle board")
    board = d.app.session.board
    vec = [0] * board.unit_count
    for name, n in (("infantry", 3), ("artillery", 2), ("tank", 1), ("fighter", 2), ("tactical_bomber", 1)):
        vec[board.unit_id(name)] = n
    wide = bs.counts_text(board, vec, 80)
    assert wide == "3 infantry, 2 artillery, 1 tank, 2 fighter, 1 tac bomber"
    small = bs.counts_text(board, vec, 23)
    assert small == "3inf 2art 1tank ..."  # 25 characters abbreviated: cut after a whole unit
    assert len(small) <= 23
    _words_whole(board, small.replace("...", ""))


def test_submerge_question_shows_the_odds_of_each_choice():
    """P40-C-74 / P40-C-75: a defending submarine against two cruisers (no destroyer) may
    submerge; beside "Stay and fire" the attacker's exact win chance, beside "Submerge 1"
    that it ends the battle. By hand (sub's surprise strike at 1 first each round, then the
    cruisers at 3, P40-C-76): W(1) = 5/6 (1/2 + W(1)/2) = 5/7, W(2) = 1/6 (1/2 + W(1)/2) +
    5/6 (3/4 + W(2)/4) = 129/133."""
    from engine_core.battle import base as bmod
    from firmware.screens.text import percent
    d = Device(base=rpi_blinka)
    d.select_item("Battle board")
    b = d.app.session.start_battle("sea", {"cruiser": 2}, {"submarine": 1})
    p = b.run_until_prompt(lambda n: [6] * n)
    assert p.kind == bmod.P_SUBMERGE and p.side == 1
    d.app.open_battle_run()
    d.press("select")
    assert d.screen() == "BattlePrompt"
    screen = d.app.top()
    want = Fraction(129, 133)
    assert abs(screen.odds[0]["attacker_wins"] - float(want)) < 1e-12
    assert screen.odds[1] is None
    lines = d.lines()
    stay = [t for t in lines if t.startswith("Stay and fire")][0]
    assert stay.rstrip().endswith("A win " + percent(float(want)))
    assert [t for t in lines if t.startswith("Submerge 1")][0].rstrip().endswith("ends battle")
    assert any(t.startswith("Draw 0.0%") and "IPC +" in t for t in lines)  # no draw: the strike comes first
    # every profile shows the same, the narrow ones narrower; both sides where panels fit
    for base in PROFILES:
        d2 = Device(base=base)
        d2.select_item("Battle board")
        b2 = d2.app.session.start_battle("sea", {"cruiser": 2}, {"submarine": 1})
        b2.run_until_prompt(lambda n: [6] * n)
        d2.app.open_battle_run()
        d2.press("select")
        lines = d2.lines()
        cols, _body = d2.app.grid.size(True)
        assert any(t.startswith("Stay and fire") and t.rstrip().endswith("A win 97.0%") for t in lines), base.NAME
        assert any(t.startswith("Draw ") and " IPC " in t for t in lines), base.NAME
        if cols >= 2 * bs.PANEL_MIN + 1:
            assert any("Attacker" in t and "Defender" in t for t in lines), base.NAME
        assert max([len(t) for t in lines]) <= cols
        assert d2.app.grid.cut == 0 and d2.app.errors == [], base.NAME


def test_an_estimate_is_shown_as_one():
    """P40-C-95 (odds between rounds): while the odds are a first estimate computed in slices
    (exact False, "error" bounding each figure) the board says so: 'Win ~', '+-' the bound; the
    exact figure replaces it."""
    d = Device()
    _fight_one_roll(d, {"infantry": 3}, {"infantry": 2})
    while d.screen() != "BattleRun":
        d.press("back")
    run = d.app.top()
    run.odds = {"exact": False, "attacker_wins": 0.5, "defender_wins": 0.4, "draw": 0.1,
                "attacker_retreats": 0.0, "error": 0.02}
    lines = d.lines()
    assert lines[0].endswith("Win ~" + bs.percent(0.5))
    assert any(t.startswith("+-" + bs.percent(0.02) + "  Draw " + bs.percent(0.1)) for t in lines)
    assert not any(" IPC " in t for t in lines)  # an estimate has no swing yet: none shown
    run.odds = {"exact": True, "attacker_wins": 0.5, "draw": 0.1, "ipc_swing": 1.25}
    lines = d.lines()
    assert lines[0].endswith("Win " + bs.percent(0.5))
    assert any(t.startswith("Draw " + bs.percent(0.1) + "  IPC +1.3") for t in lines)


def test_log_lines_wrap_between_words():
    """P40-C-76 (a submarine's surprise strike; its hits and their cause on the board): a loss
    line longer than the screen goes on two rows between words, never cut."""
    entry = ("D damaged battleship (Surprise)", ui.BAD)
    rows = bs.log_rows([entry], 26)
    assert [r[0] for r in rows] == ["D damaged battleship", "  (Surprise)"]
    assert bs.log_rows([entry], 40) == [("D damaged battleship (Surprise)", ui.BAD, None)]


def test_small_screens_leave_out_hit_totals_of_listed_dice():
    """P40-C-78 / P40-C-79: each roll's row already says its hits (=n); a 26-column screen leaves
    out the side's total after its rolls so both sides' dice fit, a large one keeps it; a total
    of typed hits (physical dice: no dice listed) is always shown."""
    from engine_core import events as ev
    from engine_core.battle import base as bmod
    d = Device()
    d.select_item("Battle board")
    board = d.app.session.board
    events = [(ev.E_ROUND, 1), (ev.E_ROLL, ev.ATTACKER, bmod.S_ATTACK, 1, (1, 4)),
              (ev.E_ROLL, ev.ATTACKER, bmod.S_ATTACK, 2, (2,)), (ev.E_HITS, ev.ATTACKER, bmod.S_ATTACK, 2),
              (ev.E_ROLL, ev.DEFENDER, bmod.S_DEFEND, 2, ()), (ev.E_HITS, ev.DEFENDER, bmod.S_DEFEND, 1)]
    lines, rolls, _r = bs.event_lines(board, events, 0, True)
    assert rolls == [(0, (1, 4), (True, False)), (0, (2,), (True,))]
    small = [t for t, _s, _d in bs.log_rows(lines, 26, False)]
    large = [t for t, _s, _d in bs.log_rows(lines, 53, True)]
    assert "A hits: 2" not in small and "A hits: 2" in large
    assert "D hits: 1" in small and "D hits: 1" in large  # typed: nothing listed above it
    assert [t for t, _s in bs.event_lines(board, events, 0)[0]] == \
        ["Round 1", "A 2@1: 1 4 =1", "A 1@2: 2 =1", "A hits: 2", "D hits: 1"]  # the kiosk's text


def test_a_whole_battle_of_many_types_never_cuts_a_name():
    """P40-C-78 (the battle board's columns, P40-U-30 supported infantry and mech infantry, P40-U-41
    tactical bombers with a partner, P40-U-35 AAA): a battle of eight unit types fought to its end
    on every profile; at every step the board's rows hold whole names or the table's
    abbreviations, nothing wider than the screen, no cut and no error."""
    att = {"infantry": 3, "mechanized_infantry": 2, "artillery": 2, "tank": 2, "fighter": 2,
           "tactical_bomber": 2, "strategic_bomber": 1}
    dfd = {"infantry": 4, "aaa": 1, "artillery": 1, "tank": 1, "fighter": 1}
    for base in PROFILES:
        d = Device(base=base)
        d.select_item("Battle board")
        b = d.app.session.start_battle("land", att, dfd)
        d.app.open_battle_run()
        board = d.app.session.board
        steps = 0
        while d.screen() != "BattleResult" and steps < 60:
            steps += 1
            v = d.app.view()
            cols, body = d.app.grid.size(v.dense)
            assert ui.slots_used(v) <= body, base.NAME
            for text, style in v.rows:
                assert len(text) <= cols, (base.NAME, text)
                if d.screen() == "BattleRun" and style == ui.DIM and not text.startswith("Start"):
                    _words_whole(board, text)
            d.press("roll")
            d.wait(3000)   # the tower's dice
        assert d.screen() == "BattleResult" and b.result is not None, base.NAME
        v = d.app.view()
        cols, body = d.app.grid.size(v.dense)
        assert ui.slots_used(v) <= body, base.NAME
        for text, _style in v.rows:
            assert len(text) <= cols, (base.NAME, text)
        assert d.app.grid.cut == 0 and d.app.errors == [], (base.NAME, d.app.errors)


class _Dice:
    """Dice given in order (a hand-worked round)."""

    def __init__(self, faces):
        self.faces = list(faces)

    def roll(self, n):
        out = self.faces[:n]
        self.faces = self.faces[n:]
        return out


def test_casualties_leave_the_board_at_once():
    """P40-C-78 / P40-C-79: the defender's casualties wait behind the casualty strip and still
    fire back; the board shows the units now, without them. 2 infantry + 1 tank attack 2 infantry
    + 1 artillery: the infantry roll 1, 6 (one hit at 1), the tank 1 (a hit at 3): the defender
    loses its 2 infantry (cheapest first); they fire with the artillery (1, 6, 6 at 2: one hit),
    and while the attacker chooses, the defender's column 2 holds the artillery alone."""
    from engine_core.battle import base as bmod
    d = Device()
    d.select_item("Battle board")
    board = d.app.session.board
    name = board.unit_id
    b = d.app.session.start_battle("land", {"infantry": 2, "tank": 1}, {"infantry": 2, "artillery": 1})
    dice = _Dice([1, 6, 1, 1, 6, 6])
    p = b.run_until_prompt(dice)
    assert (p.kind, p.side) == (bmod.P_CASUALTIES, 1)       # the defender's casualties (P40-C-82)
    b.answer("default")
    p = b.run_until_prompt(dice)
    assert (p.kind, p.side) == (bmod.P_CASUALTIES, 0)       # the attacker's, after the defender fired back
    assert bs.columns(b, 1) == [(2, [(name("artillery"), 1)])]
    assert bs.columns(b, 0) == [(1, [(name("infantry"), 2)]), (3, [(name("tank"), 1)])]


def _side_counts(texts, cols):
    """{side: {unit name: count}} read back from the board's two panels (whole names)."""
    import re
    w = (cols - 1) // 2
    rows = [t for t in texts if "|" in t]
    out = []
    for side in (0, 1):
        half = " ".join(t[:w] if side == 0 else t[w + 1:] for t in rows)
        got = {}
        for k, name in re.findall(r"(\d+) ([a-z_]+)", half):
            got[name] = got.get(name, 0) + int(k)
        out.append(got)
    return out


def test_questions_show_both_sides_below_on_a_large_display():
    """P40-C-78 / P40-C-79 (issue 18 point 3): the casualty choice and the hits entry of physical
    dice are dense screens: a display with 14 rows or more shows both sides' units now under the
    counters (the 320x240 Pi: its scale-1 grid), the counters all on screen; a small one the
    counters alone. Worked round: 2 infantry + 1 tank against 2 infantry + 1 artillery, dice
    1 6 | 1 | 1 6 6: the defender loses its 2 infantry, the artillery hits once, the attacker
    chooses (infantry or tank) with 2 infantry + 1 tank against the artillery on the board."""
    from engine_core.battle import base as bmod
    for base in PROFILES:
        d = Device(base=base)
        d.select_item("Battle board")
        b = d.app.session.start_battle("land", {"infantry": 2, "tank": 1}, {"infantry": 2, "artillery": 1})
        dice = _Dice([1, 6, 1, 1, 6, 6])
        b.run_until_prompt(dice)
        b.answer("default")
        p = b.run_until_prompt(dice)
        assert (p.kind, p.side) == (bmod.P_CASUALTIES, 0)
        d.app.open_battle_run()
        d.wait(100)
        d.press("roll")                      # the decision: casualties per unit type
        assert d.screen() == "Casualties", (base.NAME, d.text())
        v = d.app.view()
        cols, body = d.app.grid.size(v.dense)
        texts = [t for t, _s in v.rows]
        assert v.dense and ui.slots_used(v) <= body and all(len(t) <= cols for t in texts)
        assert [t for t in texts if t.startswith("Lose ")] == \
            [ui.pad("Lose infantry", "1", cols), ui.pad("Lose tank", "0", cols)]
        if body >= 14:
            assert _side_counts(texts, cols) == [{"infantry": 2, "tank": 1}, {"artillery": 1}], texts
        else:
            assert not any("|" in t for t in texts)
        assert d.app.grid.cut == 0 and d.app.errors == [], base.NAME

    for base in PROFILES:                    # physical dice: the hits per column
        d = Device(base=base)
        d.app.settings.dice = "physical"
        d.select_item("Battle board")
        d.app.session.start_battle("land", {"infantry": 3, "artillery": 1}, {"infantry": 2})
        d.app.open_battle_run()
        d.wait(100)
        d.press("roll")
        assert d.screen() == "HitsEntry", (base.NAME, d.text())
        v = d.app.view()
        cols, body = d.app.grid.size(v.dense)
        texts = [t for t, _s in v.rows]
        assert v.dense and ui.slots_used(v) <= body and all(len(t) <= cols for t in texts)
        assert texts[0].startswith("2 dice at 1") and texts[1].startswith("2 dice at 2")
        if body >= 14:
            assert _side_counts(texts, cols) == [{"infantry": 3, "artillery": 1}, {"infantry": 2}], texts
        assert d.app.grid.cut == 0 and d.app.errors == [], base.NAME
