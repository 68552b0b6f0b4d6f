"""Bombing raid on the device (Conduct combat, "Bombing raid"): pick the target, enter the
planes, fight it with engine_core.battle.raids.Raid (the device's dice on the tower, or the
players' dice typed), answer its questions (defaults preselected), record it in the game.

  RaidSetup   the target's facilities, damage and value from the game; rows of bombers (1940:
              tactical bombers, escorting fighters, defending interceptors; Classic/Revised:
              the AA gun). 1940, where a power of the defending side has Jet Fighters: the
              "Ally" rows (the power, how many of the interceptors are its), so each power's
              fighters hit with its own technology (P40-R-06, P40-R-22; the battle set-up's
              rows, session.allied). Start: the engine checks it (refusal: rule id + words).
  RaidRun     one press = one step that rolls; a question lists its choices, the engine's
              default first; at the end Start records the `bombing` action(s): Classic /
              Revised / LHTR the IPCs lost (the ledger caps them: treasury, LHTR-C-52's turn
              cap), 1940 damage markers per facility (P40-C-47).
  RaidDice    physical dice: one row per die, in the raid's order.

A running raid is saved after every step in its own two-slot record (`raid.0/1`, keyed by the
game position: any action makes it stale); after a power cut Conduct combat offers "Resume
raid". Nothing reaches the game before the end. Its modules unload after it
(session.BATTLE_MODULES).

In a tournament game the raid goes through the tournament (session.start_raid: an
AuditedRaid): its set-up, every step's dice (the tournament's stream, whatever the dice
setting) and every answer are in the log, and the log is its save (no `raid` slots); after a
power cut the rebuilt tournament still holds it and Conduct combat offers "Resume raid".
"""

from firmware import ui
from firmware.screens.base import Counter, Confirm, Screen, message_lines
from engine_core import events as ev
from engine_core import units as uu

_FAC_SHORT = (("major_industrial_complex", "Major IC"), ("minor_industrial_complex", "Minor IC"),
              ("industrial_complex", "IC"), ("air_base", "Air base"), ("naval_base", "Naval base"))
_MAX_CHOICES = 12
# a target split's words, short enough for two targets on the PyBadge's 26 columns
_SLOT_WORD = {"major_industrial_complex": "IC", "minor_industrial_complex": "IC",
              "air_base": "Air", "naval_base": "Naval"}


def fac_label(name):
    for n, short in _FAC_SHORT:
        if n == name:
            return short
    return name


SLOTS_NAME = "raid"


def _slots(session):
    from firmware import saves
    return saves.Slots(session.slots.store, SLOTS_NAME) if session.slots is not None else None


def _key(session):
    """The game position the raid belongs to: [edition, seed, game turn, actions so far]. Any
    action (the raid's own `bombing` record among them) makes a saved raid stale, so a raid
    whose result reached the game is never offered again."""
    from firmware import pending
    g = session.game
    return pending.game_key(g) + [len(g.state.journal)]


def raid_saved(session):
    """(territory, saved raid bytes, its `bombing` actions already recorded) of a raid a power
    cut interrupted at this game position, or None."""
    import json
    import binascii
    tour = session.tour
    if tour is not None:         # a tournament: its log holds the raid (engine_core.trust)
        if not tour.raid_open():
            return None
        return tour.raid_t, None, len(_acts(tour.raid, tour.raid_t)) - len(tour.raid_owed)
    slots = _slots(session)
    if slots is None or session.game is None:
        return None
    try:
        data = slots.load()
        if not data:
            return None
        d = json.loads(data)
        if d.get("k") != _key(session):
            return None
        return int(d["t"]), binascii.unhexlify(d["r"]), int(d.get("n", 0))
    except (ValueError, KeyError, TypeError, OSError):
        return None


def raid_resume(app):
    """Conduct combat's "Resume raid": the interrupted raid where it stopped (its rolls so far
    are in its state, not on the screen)."""
    from engine_core.battle.raids import Raid
    got = raid_saved(app.session)
    if got is None:
        return
    if got[1] is None:           # the tournament's raid
        from firmware.session import AuditedRaid
        app.push(RaidRun(app, AuditedRaid(app.session, app.session.tour.raid), got[0], got[2]))
        return
    try:
        raid = Raid.from_bytes(app.session.board, got[1])
    except ValueError:
        return
    app.push(RaidRun(app, raid, got[0], got[2]))


def raid_pick(app):
    """Conduct combat's "Bombing raid": the target first (enemy land with a facility)."""
    from firmware.screens.nav import screen
    TerritoryPicker = screen("TerritoryPicker")
    app.push(TerritoryPicker(app, _picked, "Raid where?", "raid"))


def _picked(picker, t):
    picker.app.replace(RaidSetup(picker.app, t))


def _is_1940(edition):
    from engine_core.editions import family, FAM_1940
    return family(edition) == FAM_1940


def _raid_units(edition):
    """(strategic bomber, tactical bomber or None, fighter) unit names of the edition."""
    from engine_core.editions import unit_tables
    units = unit_tables(edition).UNITS
    strat = tac = ftr = None
    for rec in units:
        ab = rec[uu.U_ABILITIES]
        if ab & uu.AB_STRATEGIC:
            strat = rec[uu.U_NAME]
        elif ab & uu.AB_TACTICAL_RAID:
            tac = rec[uu.U_NAME]
        elif ab & uu.AB_FIGHTER:
            ftr = rec[uu.U_NAME]
    return strat, tac, ftr


class RaidSetup(Counter):
    """The raid's planes; the target's facilities and damage (1940) or value and treasury
    (Classic/Revised) from the game."""

    footer = "</>:n Start:raid"

    def __init__(self, app, t):
        session = app.session
        board = session.board
        state = session.game.state
        self.t = t
        self.edition = board.edition
        self.y1940 = _is_1940(self.edition)
        self.owner = state.owner[t]
        strat, tac, ftr = _raid_units(self.edition)
        names = ["Bombers"]
        keys = [("a", strat)]
        counts = [1]

        def row(name, key, count=0):
            names.append(name)
            keys.append(key)
            counts.append(count)
        if self.y1940:
            if tac is not None:
                row("Tac bombers", ("a", tac))
            row("Escort fighters", ("a", ftr))
            row("Interceptors", ("interceptors", None))
            from firmware.session import ally_powers, side_tech_bits
            if ally_powers(board, self.owner):
                from engine_core import techs
                if side_tech_bits(board, state, self.owner, True) & techs.JETS:
                    row("Ally", ("ally_power", None), 1)
                    row("Ally interceptors", ("ally", None))
        else:
            row("AA gun", ("aa", None), 1)
        self.keys = keys
        self.ally = 0            # index on ally_list(): the power of the "Ally interceptors"
        self.others = {}         # {power: interceptors} of the allies not shown (each keeps its own)
        limits = [1 if k[0] in ("aa", "ally_power") else 40 for k in keys]
        Counter.__init__(self, app, "Raid " + board.territory_name(t), names, counts, limits)

    def ally_list(self):
        """The powers whose fighters may intercept beside the owner's (P40-C-42: "the owning
        player(s)"): the owner's side's others."""
        from firmware.session import ally_powers
        return ally_powers(self.app.session.board, self.owner)

    def ally_power(self):
        allies = self.ally_list()
        return allies[self.ally % len(allies)] if allies else -1

    def _row(self, what):
        for i in range(len(self.keys)):
            if self.keys[i][0] == what:
                return i
        return -1

    def row_text(self, i, cols):
        if self.keys[i][0] == "ally_power":
            return ui.pad("Ally </>", self.app.session.board.power_name(self.ally_power()), cols)
        return Counter.row_text(self, i, cols)

    def others_allied(self):
        """Interceptors of the allies other than the one shown."""
        shown = self.ally_power()
        return sum(self.others[p] for p in self.ally_list() if p != shown and p in self.others)

    def changed(self):
        a = self._row("ally")
        if a >= 0:               # the allies' interceptors are among the interceptors
            over = self.counts[a] + self.others_allied() - self.counts[self._row("interceptors")]
            cut = min(self.counts[a], max(0, over))     # the shown ally's first
            self.counts[a] -= cut
            over -= cut
            for p in self.ally_list():
                if over > 0 and self.others.get(p) and p != self.ally_power():
                    cut = min(self.others[p], over)
                    self.others[p] -= cut
                    over -= cut

    def targets(self):
        """1940: ((facility name, damage markers now), ...) from the game's facilities."""
        from engine_core.battle.raids import targets_from_facilities
        from engine_core.ledger import economy
        state = self.app.session.game.state
        fac = state.facilities[self.t]
        dmg = {}
        for name in ("major_industrial_complex", "minor_industrial_complex", "air_base", "naval_base"):
            kind = economy.facility_kind(name)
            dmg[name] = economy.get_damage(state, self.t, kind)
        return targets_from_facilities(fac, dmg)

    def earlier(self):
        """LHTR: damage already recorded on this IC this turn (raids, rockets: LHTR-C-52)."""
        from engine_core.ledger import journal as J
        g = self.app.session.game
        if not self.app.session.board.rules.get("bombing_turn_cap"):
            return 0
        return J.damage_this_turn(g.state, self.t)

    def head(self, cols):
        board = self.app.session.board
        state = self.app.session.game.state
        out = []
        if self.y1940:
            for name, d in self.targets():
                out.append((ui.fit(fac_label(name) + " damage " + str(d), cols), ui.DIM))
        else:
            text = "IC value " + str(board.ipc(self.t))
            if self.owner < 32:
                text += " treasury " + str(state.treasury[self.owner])
            out.append((ui.fit(text, cols), ui.DIM))
            done = self.earlier()
            if done:
                out.append((ui.fit("Hit this turn " + str(done) + " (LHTR-C-52)", cols), ui.DIM))
        return out

    def _techs(self, power):
        from firmware.session import raid_techs
        session = self.app.session
        return raid_techs(session.board, session.game.state, power)

    def _superfortresses(self, me):
        """LHTR-O-55: the US national advantage, when the game plays it and the US raids."""
        g = self.app.session.game
        nas = g.options.get("national_advantages") if g.options else None
        if not nas or "superfortresses" not in nas:
            return ()
        from engine_core.battle import advantages
        board = self.app.session.board
        owner = board.power_name(self.owner) if self.owner < 32 else ""
        if "superfortresses" in advantages.for_powers(nas, board.power_name(me), owner)["attacker_na"]:
            return ("superfortresses",)
        return ()

    def make_raid(self):
        """The engine's Raid for what is entered (ValueError names the rule)."""
        from engine_core.battle.raids import Raid
        attacker, kw = self.raid_args()
        return Raid(self.edition, attacker, **kw)

    def raid_args(self):
        """(attacker {unit: count}, the Raid's other arguments) of what is entered."""
        session = self.app.session
        board = session.board
        state = session.game.state
        attacker = {}
        kw = {}
        ally = -1
        for i in range(len(self.keys)):
            k, unit = self.keys[i]
            if k == "a":
                attacker[unit] = self.counts[i]
            elif k == "ally":
                ally = i
            elif k != "ally_power":
                kw[k] = self.counts[i]
        me = board.power_id(session.summary()["power"])
        kw["attacker_tech"] = self._techs(me) + self._superfortresses(me)
        kw["defender_tech"] = self._techs(self.owner)
        named = []               # interceptors of several powers, each with its own technology
        if ally >= 0:
            ftr = _raid_units(self.edition)[2]
            shown = self.ally_power()
            for p in self.ally_list():
                n = self.counts[ally] if p == shown else self.others.get(p, 0)
                if n:
                    named.append((p, {ftr: n}, None))
        if named:
            kw["defender_tech"], kw["defender_teched"] = session.allied_many(
                kw["defender_tech"], self.owner, named, {ftr: kw.get("interceptors", 0)}, True)
        if self.y1940:
            kw["targets"] = self.targets()
        else:
            if self.owner < 32:
                kw["treasury"] = state.treasury[self.owner]
            if self.edition != "classic":
                kw["territory_value"] = board.ipc(self.t)
                kw["damage_this_turn"] = self.earlier()
        return attacker, kw

    def key(self, name, now):
        if name in ("left", "right") and self.keys[self.cursor][0] == "ally_power":
            a = self._row("ally")     # the shown ally keeps its interceptors; the next shows its own
            self.others[self.ally_power()] = self.counts[a]
            self.ally = (self.ally + (1 if name == "right" else -1)) % len(self.ally_list())
            self.counts[a] = self.others.pop(self.ally_power(), 0)
            self.message = ""
            return
        if name == "right" and self.keys[self.cursor][0] == "ally" and \
                self.counts[self.cursor] + self.others_allied() >= self.counts[self._row("interceptors")]:
            # the allies' interceptors are among the interceptors: refused, nothing changes
            self.say("P40-R-06 the allies' interceptors: no more than the %d intercepting"
                     % self.counts[self._row("interceptors")])
            return
        if name == "back":       # no raid: its modules go as after one
            from firmware.session import BATTLE_MODULES, unload
            self.app.pop()
            unload(BATTLE_MODULES)
            return
        Counter.key(self, name, now)

    def other(self, name, now):
        if name not in ("roll", "select"):
            return
        session = self.app.session
        try:
            raid = self.make_raid()          # refused set-ups: nothing logged
            if session.tour is not None:     # the tournament's raid: logged, its dice
                attacker, kw = self.raid_args()
                raid = session.start_raid(self.t, attacker, kw)
        except ValueError as err:
            self.refuse(err)
            return
        self.app.replace(RaidRun(self.app, raid, self.t))


def _acts(raid, t):
    """The `bombing` actions of a finished raid: one per damaged facility (1940, P40-C-47), or
    the IPC damage (Classic / Revised: the ledger takes it from the treasury)."""
    r = raid.result
    acts = []
    if _is_1940(raid.edition):
        for name, _before, added, _after in r["facilities"]:
            if added:
                acts.append({"type": "bombing", "territory": t, "damage": added, "facility": name})
    elif r["damage"]:
        acts.append({"type": "bombing", "territory": t, "damage": r["damage"]})
    return acts


def _splits(total, caps):
    """Every way to put `total` bombers on slots of at most caps[i] each (at most _MAX_CHOICES)."""
    if not caps:
        return [()] if total == 0 else []
    out = []
    for n in range(min(total, caps[0]), -1, -1):
        for rest in _splits(total - n, caps[1:]):
            out.append((n,) + rest)
            if len(out) >= _MAX_CHOICES:
                return out
    return out


def question(p):
    """The question's words (P40-C-41..46)."""
    from engine_core.battle import base
    if p.kind == base.P_AIR_CASUALTIES and p.side == ev.DEFENDER:
        return "Fighters lost? (defender)"       # whose (P40-C-43)
    for kind, words in ((base.P_ESCORTS, "Escorts? (attacker)"), (base.P_INTERCEPTORS, "Interceptors? (defender)"),
                        (base.P_AIR_CASUALTIES, "Air battle losses?"), (base.P_TARGETS, "Bombers' targets?"),
                        (base.P_AA_CASUALTIES, "AA losses?")):
        if kind == p.kind:
            return words
    return "Choose"


def choices(raid, p):
    """The prompt's choices, the engine's default first: (label, answer) pairs."""
    from engine_core.battle import base
    out = []
    k = p.kind
    if k == base.P_INTERCEPTORS and p.info is not None:
        return _intercepting(p)
    if k == base.P_AIR_CASUALTIES and p.side == ev.DEFENDER:
        return [(_lose_fighters(o[0] - o[1], o[1]), o) for o in p.options]
    if k == base.P_ESCORTS or k == base.P_INTERCEPTORS:
        word = "Escort" if k == base.P_ESCORTS else "Intercept"
        opts = [p.default] + [o for o in p.options if o != p.default]
        return [(word + " with " + str(o), o) for o in opts]
    if k == base.P_AIR_CASUALTIES or k == base.P_AA_CASUALTIES:
        words = ("ftr", "tac", "bmb") if k == base.P_AIR_CASUALTIES else ("tac", "bmb")
        for o in p.options:
            parts = [str(o[i]) + " " + words[i] for i in range(len(o)) if o[i]]
            out.append(("Lose " + " ".join(parts), o))
        return out
    if k == base.P_TARGETS:
        slots = p.options
        d = p.default
        strat = sum(x[0] for x in d)
        tac = sum(x[1] for x in d)
        answers = [d]
        for s_split in _splits(strat, [sl[1] for sl in slots]):
            for t_split in _splits(tac, [sl[2] for sl in slots]):
                a = tuple((s_split[i], t_split[i]) for i in range(len(slots)))
                if a not in answers and len(answers) < _MAX_CHOICES:
                    answers.append(a)
        from engine_core.editions import unit_tables
        units = unit_tables(raid.edition).UNITS
        for a in answers:
            parts = []
            for i in range(len(slots)):
                if a[i][0] or a[i][1]:
                    word = _SLOT_WORD.get(units[slots[i][0]][uu.U_NAME], "?")
                    if a[i][0]:
                        word += " " + str(a[i][0]) + " bmb"
                    if a[i][1]:
                        word += " " + str(a[i][1]) + " tac"
                    parts.append(word)
            out.append((", ".join(parts), a))
        return out
    return [("Default", p.default)]


def _intercepting(p):
    """Interceptors of several powers (p.info of them with Jet Fighters): how many of each
    intercept (P40-C-42), all of them first (the default), then fewer, jets first."""
    jets = p.info
    able = p.options[-1]
    out = []
    for n in range(able, -1, -1):
        for k in range(min(n, jets), max(0, n - (able - jets)) - 1, -1):
            label = "Intercept with " + str(n)
            if n:
                label += " (" + str(k) + " jet)"
            out.append((label, {"interceptors": n, "teched": {"fighter": k}}))
            if len(out) >= _MAX_CHOICES:
                return out
    return out


def _lose_fighters(plain, jets):
    """'Lose fighter', 'Lose fighter (jet)', 'Lose 2 fighter, fighter (jet)': whose interceptors
    are lost (P40-C-43), as the battle's casualty rows name them."""
    parts = []
    for n, tag in ((plain, ""), (jets, " (jet)")):
        if n:
            parts.append(("" if n == 1 else str(n) + " ") + "fighter" + tag)
    return "Lose " + ", ".join(parts)


def _roll_word(raid, side, st, value):
    """A roll's words: side, step, and for interceptors of several powers the jet fighters'
    dice (hit on 1-2, P40-R-22) apart from the others'."""
    who = ("A " if side == ev.ATTACKER else "D ") + _STEP_WORD.get(st, "") + " "
    if st == 42 and side == ev.DEFENDER and value == 2 and raid.split():
        who += "jet "
    return who


_STEP_WORD = {42: "Air", 45: "AA", 47: "Bomb"}   # raids.S_AIR_BATTLE, S_AA, S_BOMB


def _lit(faces, value, per):
    """Which dice show as hits: each die at or under `value`; a Superfortress pair (AA at 3,
    LHTR-O-55) both dice when their total is 3 or less."""
    if per == 2 and value == 3:
        out = []
        for i in range(0, len(faces) - 1, 2):
            h = faces[i] + faces[i + 1] <= 3
            out.append(h)
            out.append(h)
        return tuple(out)
    return tuple(f <= value for f in faces)


class RaidRun(Screen):
    """The raid: Start rolls the next step (the tower shows it), a question lists its choices
    (up/down, Start or select takes the highlighted one, the default preselected), the end
    shows the damage; Start records it in the game. Back leaves without recording (asked)."""

    footer = "Start:roll B:leave"

    def __init__(self, app, raid, t, acted=0):
        Screen.__init__(self, app)
        self.raid = raid
        self.t = t
        self.title = "Raid " + app.session.board.territory_name(t)
        self.rolls = []          # (prefix, side, faces, hits, suffix) of the rolls so far
        self.queue = []          # rolls waiting for the tower
        self.seen = 0            # events shown
        self.cursor = 0
        self.opts = []
        self.recorded = False
        # a tournament's raid is saved by its log (the raid slots are a normal game's)
        self.slots = _slots(app.session) if app.session.tour is None else None
        self.position = _key(app.session)
        self.acted = acted       # `bombing` actions of the result already recorded
        self.catch_up()

    def catch_up(self):
        """The new events as rows and tower rolls; the pending question's choices."""
        from engine_core.battle.raids import hits_of
        evs = self.raid.events
        # the rolls since the last look all come from the last step that rolled: its groups
        # with dice, in order (a heavy bomber's or a Superfortress pair's dice count together)
        groups = [g for g in self.raid.last_groups if g[2]]
        k = 0
        while self.seen < len(evs):
            e = evs[self.seen]
            self.seen += 1
            if e[0] == ev.E_ROLL and e[4]:
                side, st, value, faces = e[1], e[2], e[3], e[4]
                per = groups[k][3] if k < len(groups) else 1
                k += 1
                if value:
                    n = hits_of(faces, value, per)
                    hits = _lit(faces, value, per)
                    suffix = " =" + str(n)
                else:
                    hits = tuple(True for f in faces)
                    suffix = " =" + str(sum(faces))
                self.rolls.append((_roll_word(self.raid, side, st, value), side, faces, hits, suffix))
                self.queue.append((side, faces, hits))
        p = self.raid.prompt
        from engine_core.battle.base import P_RAID_DICE
        if p is not None and p.kind != P_RAID_DICE:
            self.opts = choices(self.raid, p)
        else:
            self.opts = []
        self.cursor = 0

    def save(self):
        """The raid's state on flash after every step (a power cut resumes it: "Resume raid")."""
        import json
        import binascii
        if self.slots is None:
            return
        try:
            self.slots.save(json.dumps({"k": self.position, "t": self.t,
                                        "r": binascii.hexlify(self.raid.to_bytes()).decode(),
                                        "n": self.acted}).encode())
        except OSError:
            pass                 # a read-only drive: the raid runs, unsaved (as the game)

    def erase(self):
        if self.slots is None:
            return
        try:
            self.slots.erase()
        except OSError:
            pass

    def tick(self, now):
        t = self.app.tower
        if self.queue and not t.is_busy(now):
            side, faces, hits = self.queue.pop(0)
            t.roll(side, faces, hits, now)
        return False

    def advance(self):
        """One step that rolls (or to the next question, or the end)."""
        from engine_core.battle.base import P_RAID_DICE
        raid = self.raid
        if raid.done:
            self.record()
            return
        p = raid.prompt
        if p is not None and p.kind != P_RAID_DICE:
            try:
                raid.answer(self.opts[self.cursor][1])
            except ValueError as err:
                self.refuse(err)
                return
            self.message = ""
            self.catch_up()
            self.save()
            return
        dice = self.app.dice_source()   # None: the players roll and type their dice
        try:
            if p is None:
                start = len(raid.events)
                while not raid.done and raid.prompt is None:
                    raid.step(dice)
                    if any(e[0] == ev.E_ROLL for e in raid.events[start:]):
                        break
        except ValueError as err:
            self.refuse(err)
            return
        self.catch_up()
        self.save()
        p = raid.prompt
        if p is not None and p.kind == P_RAID_DICE:
            self.app.push(RaidDice(self.app, self))

    def typed(self, faces):
        """The players' dice for the pending step (RaidDice); the step runs with them."""
        self.raid.answer(list(faces))
        self.raid.step(None)
        self.catch_up()
        self.save()

    def record(self):
        """The raid's result into the game: `bombing` per damaged facility (1940) or the IPC
        damage (Classic/Revised: the ledger takes it from the treasury)."""
        if self.recorded:
            return
        acts = _acts(self.raid, self.t)
        while self.acted < len(acts):
            try:
                self.app.act(acts[self.acted])
            except ValueError as err:
                self.refuse(err)
                return
            # recorded one facility's damage: the saved raid moves to the new game position
            # with that count, so neither a retry nor a power cut records it twice
            self.acted += 1
            self.position = _key(self.app.session)
            self.save()
        self.recorded = True
        self.leave()

    def leave(self):
        from firmware.session import BATTLE_MODULES, unload
        app = self.app
        self.erase()
        app.tower.idle(app.now())
        app.pop()
        unload(BATTLE_MODULES)

    def key(self, name, now):
        n = len(self.opts)
        if name == "up" and n:
            self.cursor = (self.cursor - 1) % n
        elif name == "down" and n:
            self.cursor = (self.cursor + 1) % n
        elif name in ("roll", "select"):
            self.advance()
        elif name == "back":
            if self.raid.done and self.recorded:
                self.leave()
                return
            self.app.push(Confirm(self.app, "Raid", "Leave the raid without recording it?", self.leave))

    @staticmethod
    def _losses(lost):
        return " ".join(str(lost[k]) + " " + k.replace("strategic_", "").replace("tactical_", "tac ")
                        for k in sorted(lost))

    def result_rows(self, cols):
        r = self.raid.result
        out = []
        lost = r["attacker_lost"]
        if lost:
            out.append(ui.fit("Lost: " + self._losses(lost), cols))
        if r["defender_lost"]:
            d = r["defender_lost"]
            jets = sum(r.get("defender_lost_teched", {}).values())
            out.append(ui.fit("Def lost: " + self._losses(d) + ("(%d jet)" % jets if jets else ""), cols))
        if _is_1940(self.raid.edition):
            for name, before, added, after in r["facilities"]:
                out.append(ui.fit(fac_label(name) + " +" + str(added) + " = " + str(after), cols))
        else:
            out.append(ui.fit("Damage " + str(r["damage"]) + " IPCs lost " + str(r["ipcs_lost"]), cols))
        return out

    def view(self, cols, rows):
        v = ui.View(self.title, [], self.footer)
        said = message_lines(self.message, cols)
        tail = []
        if self.raid.done:
            v.footer = "Start:record B:leave"
            tail = [(line, ui.GOOD) for line in self.result_rows(cols)]
        elif self.opts:
            v.footer = "^v:choose Start:ok"
            tail = [(ui.fit(question(self.raid.prompt), cols), ui.DIM)]
            tail += [(ui.fit(self.opts[i][0], cols), ui.SELECTED if i == self.cursor else ui.NORMAL)
                     for i in range(len(self.opts))]
        room = rows - len(tail) - len(said)
        if room < 0:
            room = 0
        shown = self.rolls[-room:] if room else []
        if not shown and not self.raid.done and not self.opts and room:
            v.add(ui.fit("Start: roll the dice", cols), ui.DIM)
        for prefix, side, faces, hits, suffix in shown:
            if len(prefix) + 2 * len(faces) + len(suffix) <= cols:
                v.add_dice(prefix, side, faces, hits, suffix)
            else:
                v.add(ui.fit(prefix + str(len(faces)) + " dice" + suffix, cols))
        if self.opts and len(tail) > rows - len(said):
            first = ui.window(len(tail), self.cursor + 1, rows - len(said))
            tail = tail[first:first + rows - len(said)]
        for r in tail:
            v.rows.append(r)
        for line in said:
            v.add(line, self.message_style)
        return v


class RaidDice(Counter):
    """Physical dice: each die the step rolls, in the raid's order (left/right 1..6)."""

    footer = "</>:die Start:ok"

    def __init__(self, app, run):
        self.run = run
        p = run.raid.prompt
        _step, groups = p.info
        names = []
        seen = [0, 0]            # dice per side so far: numbered across the step's groups
        for side, value, n, _per in groups:
            who = _roll_word(run.raid, side, _step, value) + "die "
            for _i in range(n):
                seen[side] += 1
                names.append(who + str(seen[side]))
        Counter.__init__(self, app, "Your dice", names, [1] * len(names), [6] * len(names))

    def other(self, name, now):
        if name not in ("roll", "select"):
            return
        try:
            self.run.typed(self.counts)
        except ValueError as err:
            self.refuse(err)
            return
        self.app.pop()
