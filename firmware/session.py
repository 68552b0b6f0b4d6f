"""The firmware's one door to the engine, and the game's saves.

Everything the screens ask of `engine_core` goes through here, using only
the public API of the contracts: `board.load`, `game.Game.new / apply /
prompt / undo / summary`, `save.dumps / loads`, `battle.Battle`, `odds.odds`.
Engine modules are imported when first needed, so the device pays for a
battle engine only once a battle starts.

After every completed action the session writes one record to the save
slots (`firmware.saves`): the game's save plus the running battle, if any.
A power cut at any instant leaves the last completed action on flash; on
start `resume()` brings it back.

Tournament mode (issue 9): `new_tournament()` runs the game through
`engine_core.trust.tournament.Tournament` instead of a bare `Game`. Every action,
undo, battle start, battle decision and bank entry goes into the hash-chained
log, appended to `tournament.log` on flash before the call returns
(`firmware.tlog`); the secret seed sits in its own two-slot record and never
in the log. The log is the save: `resume()` rebuilds the game with
`tournament.resume()` from the seed record and the log. The running battle is
an `AuditedBattle`: the battle screens answer and step it as usual, and it
goes through the tournament (logged dice and decisions). `finish()` writes
the revealed seed as the log's footer; that file is the export.
"""

import struct

from firmware import saves
from firmware import tlog

_VERSION = 1
# version, len(game), len(battle), battle territory (-1: none), len(players), len(edition)
_HEADER = "<BIIiBB"
_HSIZE = 15


# A finished battle is dropped whole, by package prefix: nothing of it stays resident
# (the battle's optional parts and the odds' modules included).
BATTLE_MODULES = ("engine_core.battle.", "engine_core.odds.", "firmware.screens.battle",
                  "firmware.setup_checks", "firmware.screens.raid", "firmware.screens.rocket")


def unload(prefixes):
    """Forget every loaded module whose name starts with one of `prefixes`, and its attribute
    on its parent package, so the next gc frees its bytecode (re-imported when needed)."""
    import sys
    names = [n for n in sys.modules if _starts(n, prefixes)]
    for name in names:
        del sys.modules[name]
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot]) if dot > 0 else None
        if parent is not None and hasattr(parent, name[dot + 1:]):
            try:
                delattr(parent, name[dot + 1:])
            except (AttributeError, TypeError):
                pass
    import gc
    gc.collect()


def _starts(name, prefixes):
    for p in prefixes:
        if name.startswith(p):
            return True
    return False


def _as_bytes(data):
    if data is None:
        return b""
    if isinstance(data, str):
        return data.encode()
    return bytes(data)


class Session:
    def __init__(self, slots=None):
        self.slots = slots          # None: kiosk / visitor games keep nothing
        self.board = None
        self.game = None
        self.battle = None
        self.territory = -1         # where the running battle is (-1: a free battle)
        self.players = b""          # player number (1..4) per power id; b"": not set
        self.saved = 0              # completed saves this session
        self.save_error = None      # the last OSError of a save (shown on the dashboard)
        self.edition = None
        self.tour = None            # the Tournament of a tournament game (None: a normal game)
        self.tlog = None            # its log file (firmware.tlog.LogFile)
        self.record = None          # its seed record (tlog.unpack_record tuple)
        self.finished = None        # the Tournament just finished (seed, luck), until a new game
        self.luck = None            # a normal game's luck ledger (own save slots, "luck")
        self.starts = 0             # battles the tournament's log has started
        self.battle_info = None     # a normal game's running battle (kind, sides, powers, territory)
        self.sea_defender = -1      # the power a sea battle's set-up named last (its next default)
        self.fresh = False          # a tournament resumed before its first action
        self.luck_saved = 0         # battles in the tournament's luck cache on flash
        self.resume_error = None    # why a record (or a tournament on flash) did not restore
        self.notice = None          # what the screen says after resume() (a record that did not load)
        self.last_odds = None       # (kind, attacker, defender, win chance, swing) of the set-up
        self.checkpoint = None      # (entry, code) of a tournament at the end of the last turn

    # -- engine modules ---------------------------------------------------
    def load_board(self, edition):
        from engine_core import board
        if self.board is None or self.board.edition != edition:
            self.board = None
            import gc
            gc.collect()
            self.board = board.load(edition)
        self.edition = edition
        return self.board

    @staticmethod
    def editions():
        from engine_core import board
        return board.EDITIONS

    # -- the game ---------------------------------------------------------
    def new_game(self, edition, seed, options=None, players=b""):
        from engine_core.ledger import game as game
        self.load_board(edition)
        self.game = game.Game.new(edition, seed=seed, options=options or {})
        self.battle = None
        self.territory = -1
        self.players = bytes(players)
        self.tour = None            # a normal game saved from now on is newer than any tournament
        self.finished = None
        self.luck = None
        self.save()
        return self.game

    def apply(self, action):
        """Apply one action; RuleError/InputError propagate and nothing changes."""
        if self.tour is None:
            self.game.apply(action)
            self.save()
            return
        try:
            self.tour.apply(action)
            if isinstance(action, dict) and action.get("type") == "battle":
                self._drop_battle()      # the battle is in the game now: it does not come back
        finally:
            self._flush()
        self.checkpoint = self.tour.turn_end     # the last turn's end: its code on the dashboard

    def undo(self):
        if self.tour is None:
            last = self.game.state.journal[-1] if self.game.state.journal else None
            self.game.undo()
            self.save()
            from engine_core.ledger import journal
            if last is not None and last[0] == journal.BATTLE:
                self._unrecord_luck(last[1])
            return
        try:
            self.tour.undo()
        finally:
            self._flush()

    # -- tournament mode ----------------------------------------------------
    def tslots(self):
        return saves.Slots(tlog.seed_store(self.slots.store), tlog.SLOTS_NAME)

    def new_tournament(self, edition, random16, options=None, players=b""):
        """A tournament game: a secret seed from 16 random bytes, its record, a new log.

        Order (one commit point, the seed record): the log file first, then the session,
        then the record. OSError (read-only drive) refuses the tournament."""
        from engine_core.trust import audit as audit
        from engine_core.trust import tournament as tournament
        if self.slots is None:
            raise ValueError("a tournament needs the save slots")
        seed = audit.new_seed(random16)
        options = options or {}
        self.load_board(edition)
        log = tlog.LogFile(self.slots.store)
        ledger = tlog.cached_ledger(self.board, [], self.recent_odds)
        t = tournament.Tournament(edition, seed, options, sink=log.sink, luck=ledger)
        self.board = t.board        # one copy of the board's tables
        ledger.board = t.board
        log.start()
        self.tour = t
        self.tlog = log
        self.game = t.game
        self.battle = None
        self.territory = -1
        self.starts = 0
        self.luck_saved = 0
        self.players = bytes(players)
        self.finished = None
        self.luck = None
        self.record = (seed, edition, tournament.enc(options), self.players, self.slots.seq, 0)
        try:
            self._save_record()
        except OSError:
            # no record, no tournament: the game held before stays the saved one
            self.tour = None
            self.tlog = None
            self.game = None
            raise
        self.save_error = None
        return t

    def _save_record(self):
        seed, edition, opts, players, game_seq, closed = self.record
        self.tslots().save(tlog.pack_record(seed, edition, opts, players, game_seq, closed))

    def commitment(self):
        t = self.tour if self.tour is not None else self.finished
        return t.commitment if t is not None else None

    def _flush(self):
        """Append the log lines of the engine call just made (saved = on flash); then, when a
        battle was rated, the luck cache."""
        try:
            if self.tlog.flush():
                self.saved += 1
            t = self.tour
            if t is not None and t.luck is not None and len(t.luck.battles) > self.luck_saved:
                from engine_core.trust import luck as luck
                rows = [(r[luck.R_WIN_CHANCE], r[luck.R_EXPECTED]) for r in t.luck.battles]
                saves.Slots(self.slots.store, tlog.LUCK_NAME).save(tlog.pack_luck(t.commitment, rows))
                self.luck_saved = len(rows)
        except OSError as err:  # read-only drive: the lines wait for the next flush
            self.save_error = err
            return
        self.save_error = None

    def mix(self, number):
        """The players' number (typed after they saw the commitment) mixed into the seed:
        before the first action only (engine_core.trust.tournament.Tournament.mix)."""
        if self.tour is None:
            raise ValueError("no tournament")
        try:
            self.tour.mix(number)
        finally:
            self._flush()
        self.game = self.tour.game      # the game's own dice come from the mixed seed too
        self.fresh = False

    def finish(self):
        """End the tournament: the footer with the revealed seed goes to the log file.

        One commit point (issue 15 point 6): the seed record is marked finishing first (its
        own two-slot write); a cut before that leaves the game going on with no footer ever
        written; a cut after it finishes the game at the next start (the footer written
        then), so the seed is never on flash while the game can still go on."""
        t = self.tour
        if t is None:
            raise ValueError("no tournament to finish")
        if self.tlog.pending:
            self._flush()
            if self.tlog.pending:
                raise OSError("the log cannot be written")
        r = self.record
        self.record = (r[0], r[1], r[2], r[3], r[4], r[5] | tlog.FINISHING)
        try:
            self._save_record()
        except OSError:
            self.record = r
            raise
        self._finish(t)
        return t

    def _finish(self, t):
        self.tour = None
        self.game = None
        self.battle = None
        self.territory = -1
        t.battle = None
        t.finish()
        self.finished = t
        self._flush()
        if not self.tlog.pending:
            try:
                self.tlog.export()   # the director's file: the committed log alone (firmware/tlog.py)
            except OSError as err:
                self.save_error = err

    def luck_rows(self):
        """The luck ledger's rows (engine_core.trust.luck.LuckLedger.rows) of the game on hand."""
        t = self.tour if self.tour is not None else self.finished
        ledger = t.luck if t is not None else self.luck
        return ledger.rows() if ledger is not None else []

    def _resume_tournament(self, rec):
        """Rebuild a tournament in progress from its seed record and its log. The log is read
        a line at a time (twice: what it holds, then the replay), never whole."""
        import json
        from engine_core.trust import tournament as tournament
        seed, edition, opts, players, game_seq, closed = rec
        log = tlog.LogFile(self.slots.store)
        got = log.scan()
        end, size = got if got is not None else (0, 0)
        starts, last, finished = _log_facts(log.lines(end))
        finishing = closed & tlog.FINISHING
        closed &= ~tlog.FINISHING
        if finished:
            try:
                log.export()    # a cut stopped the export after the footer: written again
            except OSError as err:
                self.save_error = err
            return False        # nothing to resume
        board = self.load_board(edition)
        options = json.loads(opts) if opts else {}
        if not isinstance(options, dict):
            raise ValueError("the seed record's options are not an object")
        head = None
        for line in log.lines(end):
            head = line.split("|")      # the header: its commitment keys the luck cache
            break
        commit = head[3] if head is not None and len(head) == 5 else tournament.commitment_for(
            seed, board.edition, options)
        cache = tlog.unpack_luck(saves.Slots(self.slots.store, tlog.LUCK_NAME).load(), commit)
        ledger = tlog.cached_ledger(board, cache, self.recent_odds)
        t, dropped = tournament.resume(edition, seed, log.lines(end), options=options, sink=log.sink,
                                       luck=ledger)
        ledger.board = t.board
        self.board = t.board        # one copy of the board's tables
        self.luck_saved = len(cache)
        if dropped:
            # the last committed line fails its hash: the flash was changed, not cut (a cut
            # leaves a group without its mark, which never reaches the replay)
            from engine_core.errors import InputError
            raise InputError("the log on flash is damaged at its last entry")
        if end != size:
            log.truncate(end)   # a group the cut left half-written: back to the committed part
        self.tour = t
        self.tlog = log
        self.record = rec
        self.game = t.game
        self.players = players
        self.battle = None
        self.territory = -1
        self.starts = starts
        self.fresh = last is None   # no action yet: the commitment is shown again
        self.checkpoint = t.turn_end    # the last turn's code, shown again after the restart
        # the last battle is still on the table unless a game action came after it or it was
        # closed by hand (the record counts the battles closed that way)
        if t.battle is not None and last == "battle" and starts > closed:
            self.battle = AuditedBattle(self, t.battle)
            self.territory = t.battle_info["territory"]
        else:
            t.battle = None
        self._flush()           # entries the cut kept from flash, produced again
        if finishing:
            # Finish tournament was confirmed and its record written before the cut: the game
            # ends now (the footer is written), it never goes on with its seed on flash
            self._finish(t)
            self.notice = "Tournament finished (cut during Finish)"
            return False
        return True

    def _drop_battle(self):
        self.battle = None
        self.territory = -1
        if self.tour is not None:
            self.tour.battle = None
            self.tour.battle_info = None

    def summary(self):
        return self.game.summary()

    def player_of(self, power):
        """The player (1..4) holding `power`, 0 when not set."""
        if 0 <= power < len(self.players):
            return self.players[power]
        return 0

    def prompt(self):
        return self.game.prompt if self.game is not None else None

    # -- saves ------------------------------------------------------------
    def payload(self):
        from engine_core.ledger import save as save
        g = _as_bytes(save.dumps(self.game)) if self.game is not None else b""
        b = _as_bytes(self.battle.to_bytes()) if self.battle is not None else b""
        pl = bytes(self.players)
        ed = (self.board.edition if self.board is not None else "").encode()
        return struct.pack(_HEADER, _VERSION, len(g), len(b), self.territory, len(pl), len(ed)) + g + b + pl + ed

    def save(self):
        if self.slots is None:
            return
        if self.tour is not None:
            self._flush()   # a tournament's save is its log
            return
        try:
            self.slots.save(self.payload())
        except OSError as err:  # read-only drive (boot.py), full or missing flash
            self.save_error = err
            return
        self.save_error = None
        self.saved += 1

    def resume(self):
        """Bring back the saved game; True when a game (or a free battle) came back.

        The restore boundary: nothing a record holds raises out of here. A tournament whose
        log cannot be rebuilt leaves `resume_error` set (the log stays on flash to be looked
        at). Otherwise the newest good record is restored; when it does not restore (its
        checksum holds but this firmware cannot use it: another version, a game that no
        longer replays, a battle out of range) the older one is tried, `keep()` makes the
        slots write over the bad one next, and `notice` says so for the screen."""
        if self.slots is None:
            return False
        self.notice = None
        try:
            rec = tlog.unpack_record(self.tslots().load())
        except Exception as err:  # pylint: disable=broad-except  # a record that does not decode
            self.resume_error = err
            rec = None
        if rec is not None and rec[4] >= self.slots.seq:
            # the newest thing on flash is a tournament (a normal game saved later wins)
            try:
                return self._resume_tournament(rec)
            except Exception as err:  # pylint: disable=broad-except  # contained: the log stays on flash
                self.resume_error = err
                self._clear()
                self.notice = "Tournament log unreadable"
                return False
        recs = self.slots.records()
        for i in range(len(recs)):
            try:
                ok = self._restore(recs[i][2])
            except Exception as err:  # pylint: disable=broad-except  # contained: try the older one
                self.resume_error = err
                ok = False
            if ok:
                self.slots.keep(recs[i][1])
                if i > 0:
                    self.notice = "Newest save did not load: the one before it is back"
                return True
            self._clear()
        if recs:
            self.notice = "Saved game did not load (kept on flash)"
        return False

    def _clear(self):
        self.tour = None
        self.tlog = None
        self.game = None
        self.battle = None
        self.territory = -1
        self.players = b""
        self.luck = None
        self.fresh = False

    def _restore(self, data):
        """One game record back (False: not this firmware's format); raises when its game or
        battle does not restore."""
        if data is None or len(data) < _HSIZE:
            return False
        version, ng, nb, territory, npl, ned = struct.unpack(_HEADER, data[:_HSIZE])
        if version != _VERSION or len(data) != _HSIZE + ng + nb + npl + ned:
            return False
        at = _HSIZE + ng + nb
        self.players = bytes(data[at:at + npl])
        edition = bytes(data[at + npl:]).decode()
        if not ng and not nb:
            return True     # saved with nothing going on (a free battle left): that is the state
        from engine_core.ledger import save as save
        g = data[_HSIZE:_HSIZE + ng]
        if ng:
            self.game = save.loads(g)
            self.load_board(self.game.state.edition)
            self.luck = self._load_luck()
        elif edition:
            self.load_board(edition)  # a free battle: the board it was fought on
        if nb:
            from engine_core.battle import steps as battle
            b = battle.Battle.from_bytes(self.board, data[_HSIZE + ng:_HSIZE + ng + nb])
            check_restored_battle(b)
            if territory < -1 or territory >= self.board.territory_count:
                raise ValueError("the saved battle's territory is out of range")
            self.battle = b
            self.territory = territory
        return self.game is not None or self.battle is not None

    def forget(self):
        """Erase the saved game (settings: new game / kiosk visitors)."""
        self.game = None
        self.battle = None
        self.tour = None
        if self.slots is not None:
            self.slots.erase()
            self.tslots().erase()

    # -- battles ----------------------------------------------------------
    def battle_options(self, kind, territory=-1, extra=None, defender_power=-1, defender=None):
        """The options of a game battle in `territory`: what the game knows (each side's
        technologies in effect, R&D: P40-R-*, LHTR-T-05; the LHTR national advantages of both
        powers and the territory's colour, LHTR-O-02; liberation of an ally's territory,
        CL-C-82 / LHTR-C-80 / P40-C-103) plus what the set-up screen chose (`extra`:
        bombard, seaborne, scramble, air_bases, kamikaze, retreat...). The defending power is
        the territory's owner, or at sea the one the set-up named (`defender_power`, or
        `extra["defender_power"]`: its "Defender" row): a power the attacker is not at war
        with is refused, its units there are ignored (P40-P-06, G40-P-02; never an ally:
        CL-P-15, LHTR-P-12). An assault's launch zone defended by ships of another power
        (`extra["sea_defender_power"]`: the set-up's "Sea defender" row) gives the sea battle
        that power's technologies (sea_defender_tech; CL-T-05, LHTR-T-06, P40-R-06) and LHTR
        national advantages (sea_defender_na; LHTR-O-02); its ships of an ally of that power
        (`extra["sea_ally"]` {unit: count} among `extra["sea_defender"]`, of
        `extra["sea_ally_power"]`, and/or `extra["sea_allies"]` [(power, {unit: count}), ...]:
        the set-up's "Sea ally" rows) fight each with its own power's (sea_defender_teched,
        sea_defender_tech and sea_defender_na of the side). A free
        battle (no game or no territory) has only `extra`.
        Kamikaze tokens are checked here (P40-C-30/31/33): the set-up refuses them when
        entered, not when the battle is recorded. Defenders of allies (`extra["ally"]`
        {unit: count} among `defender`, of `extra["ally_power"]`, and/or `extra["allies"]`
        [(power, {unit: count}), ...]: the set-up's "Ally" rows) fight each with its own power's
        technologies and LHTR national advantages, the rest with the defending power's (CL-T-05, LHTR-T-06, P40-R-06, LHTR-O-02): defender_tech, defender_teched and
        defender_na (engine_core/techs.py defending)."""
        opts = {}
        if extra:
            for k in extra:
                opts[k] = extra[k]
        launch = opts.pop("launch", -1)   # the assault's launch zone: its air bases scramble
        named = opts.pop("defender_power", defender_power)
        ally = opts.pop("ally", None)
        ally_power = opts.pop("ally_power", -1)
        named_allies = [(ally_power, ally)] if ally else []
        for p, units in opts.pop("allies", None) or ():
            if units:
                named_allies.append((p, units))
        sea_power = opts.pop("sea_defender_power", -1)   # whose ships defend an assault's launch zone
        sea_ally = opts.pop("sea_ally", None)             # ... and which of them are an ally's
        sea_ally_power = opts.pop("sea_ally_power", -1)
        sea_named = [(sea_ally_power, sea_ally)] if sea_ally else []
        for p, units in opts.pop("sea_allies", None) or ():
            if units:
                sea_named.append((p, units))
        g = self.game
        if g is None or territory < 0:
            return opts
        board = self.board
        state = g.state
        ap = board.power_id(g.summary()["power"])
        dp = -1
        if not board.is_sea(territory):
            if state.owner[territory] != 255:
                dp = state.owner[territory]
        elif named is not None and 0 <= named < board.power_count:
            dp = named
            if not state.is_at_war(ap, dp):
                from engine_core.errors import RuleError
                from engine_core.ledger.economy import rid
                raise RuleError(rid(board, "CL-P-15", "LHTR-P-12", "P40-P-06", "G40-P-02"),
                                "%s is not at war with %s: its units at sea are ignored"
                                % (board.power_name(ap), board.power_name(dp)))
        nas = g.options.get("national_advantages") if g.options else None
        from engine_core.editions import FAM_LHTR
        allies_na = [None] * len(named_allies)
        if nas and board.family == FAM_LHTR:
            from engine_core.battle import advantages
            from engine_core.ledger import advantages as ledger_na
            winter = ledger_na.winter_active(state)
            na = advantages.for_powers(nas, board.power_name(ap), board.power_name(dp) if dp >= 0 else "",
                                       winter)
            opts["attacker_na"] = na["attacker_na"]
            opts["defender_na"] = na["defender_na"]
            for j in range(len(named_allies)):
                p = named_allies[j][0]
                if isinstance(p, int) and 0 <= p < board.power_count:
                    # LHTR-O-02: each ally's own advantages, for its own units only
                    allies_na[j] = advantages.for_powers(nas, "", board.power_name(p), winter)["defender_na"]
            if not board.is_sea(territory) and dp >= 0:
                opts["space"] = advantages.space_facts(board, territory, dp)
        opts["attacker_tech"] = battle_techs(board, state, ap)
        if dp >= 0:
            opts["defender_tech"] = battle_techs(board, state, dp)
            if named_allies and defender is not None:
                own_na = opts.get("defender_na")
                own_tech = opts["defender_tech"]
                names, teched = self.allied_many(
                    opts["defender_tech"], dp, [(named_allies[j][0], named_allies[j][1], allies_na[j])
                                                for j in range(len(named_allies))],
                    defender, own_na=own_na)
                opts["defender_tech"] = names
                opts["defender_teched"] = teched
                for ally_na in allies_na:
                    if ally_na:
                        opts["defender_na"] = tuple(opts.get("defender_na") or ()) + tuple(
                            n for n in ally_na if n not in (opts.get("defender_na") or ()))
                if kind == "sea" and (own_na or [n for n in allies_na if n]):
                    # LHTR-O-41, LHTR-O-42: Japan names only its own fighters / subs; LHTR-T-06,
                    # LHTR-A-32: with its own Jets / Super Submarines only
                    st, tk = allied_strikers(
                        board, defender, [(named_allies[j][1], allies_na[j],
                                           battle_techs(board, state, named_allies[j][0]))
                                          for j in range(len(named_allies))], own_na, own_tech)
                    if st:
                        opts["defender_strikers"] = st
                        opts["defender_strikers_teched"] = tk
        if kind == "amphibious" and opts.get("sea_defender") and 0 <= sea_power < board.power_count:
            if not state.is_at_war(ap, sea_power):
                from engine_core.errors import RuleError
                from engine_core.ledger.economy import rid
                raise RuleError(rid(board, "CL-P-15", "LHTR-P-12", "P40-P-06", "G40-P-02"),
                                "%s is not at war with %s: its units at sea are ignored"
                                % (board.power_name(ap), board.power_name(sea_power)))
            # their own power's technologies in the sea battle (CL-T-05, LHTR-T-06, P40-R-06)
            opts["sea_defender_tech"] = battle_techs(board, state, sea_power)
            sea_nas = [None] * len(sea_named)
            if nas and board.family == FAM_LHTR:
                # and its own national advantages (LHTR-O-02: a power may not share them)
                from engine_core.battle import advantages
                from engine_core.ledger import advantages as ledger_na
                winter = ledger_na.winter_active(state)
                opts["sea_defender_na"] = advantages.for_powers(
                    nas, "", board.power_name(sea_power), winter)["defender_na"]
                for j in range(len(sea_named)):
                    p = sea_named[j][0]
                    if isinstance(p, int) and 0 <= p < board.power_count:
                        sea_nas[j] = advantages.for_powers(nas, "", board.power_name(p), winter)["defender_na"]
            if sea_named:
                sea_allied(self, opts, sea_power, [(sea_named[j][0], sea_named[j][1], sea_nas[j])
                                                   for j in range(len(sea_named))])
        if not board.is_sea(territory):
            from engine_core.ledger import economy
            if economy.controller_after_capture(board, state, territory, ap) != ap:
                opts["liberates"] = True
        if opts.get("scramble"):
            from firmware import setup_checks
            opts["air_bases"] = setup_checks.air_bases(self, territory if board.is_sea(territory) else launch, ap)
        k = int(opts.get("kamikaze", 0) or 0)
        if k:
            from engine_core.errors import RuleError
            if not board.rules.get("kamikaze") or k > state.kamikaze:
                raise RuleError("P40-C-30", "Japan has %d kamikaze tokens left" % state.kamikaze)
            zone = territory if board.is_sea(territory) else launch
            if zone < 0 or not board.is_kamikaze_zone(zone):
                raise RuleError("P40-C-31", "no kamikaze symbol in this zone")
            if board.side(ap) == 0:
                raise RuleError("P40-C-33", "kamikaze strikes meet an Allied attack")
        return opts

    def allied(self, own_tech, dp, ally, ap, defender, raid=False, own_na=None, ally_na=None):
        """(defender_tech, defender_teched) of a defending side with an ally's units (CL-T-05,
        LHTR-T-06, P40-R-06: a technology helps only its own power; LHTR-O-02: so does a national
        advantage, `own_na` power dp's, `ally_na` power ap's): `ally` {unit: count} of power `ap`
        among `defender`, the rest power dp's with `own_tech`. `raid`: a bombing raid's
        interceptors (defender {fighter: interceptors}; raid technologies)."""
        return self.allied_many(own_tech, dp, [(ap, ally, ally_na)], defender, raid, own_na)

    def allied_many(self, own_tech, dp, allies, defender, raid=False, own_na=None):
        """`allied` for any number of allies: allies = [(power, {unit: count}, advantage names
        or None), ...], each a different ally of power dp, each with its own technologies (its
        units all among `defender`, together no more than defend: InputError)."""
        from engine_core.errors import InputError
        from engine_core import techs
        board = self.board
        given = []
        seen = []
        for ap, units, ally_na in allies:
            if ap not in ally_powers(board, dp):
                raise InputError("the ally's units need an ally of the defender")
            if ap in seen:
                raise InputError("an ally named twice")
            seen.append(ap)
            mine = (raid_techs if raid else battle_techs)(board, self.game.state, ap)
            given.append((mine, units, ally_na) if ally_na else (mine, units))
        names, teched = techs.allied(defender, own_tech, given, board.units, board.family, board.unit_id,
                                     "Ally", raid, own_na)
        return tuple(names), dict((board.unit_name(u), teched[u]) for u in teched)

    def check_battle(self, kind, attacker, defender, options=None):
        """Refuse a battle set-up as soon as it is entered: the battle engine's own checks
        (RuleError / InputError with its rule id), nothing started, nothing saved."""
        from engine_core.battle import steps as battle
        from engine_core.errors import RuleError
        from engine_core.ledger.economy import rid
        opts = options or {}
        if opts.get("bombard") and kind != "amphibious":
            raise RuleError(rid(self.board, "CL-U-51", "LHTR-C-23", "P40-C-60"),
                            "ships bombard in an amphibious assault only")
        if kind == "amphibious" or opts.get("scramble"):
            from firmware import setup_checks   # loaded only by a set-up that has these parts
            setup_checks.check(self.board, kind, opts)
        from engine_core.odds import base as ob
        if kind in ob.KINDS:  # the odds' checks first: they name the rule (P40-U-23...)
            from engine_core.editions import family
            ed, units, names, flags = ob.tables(self.board)
            ob.check_kinds(units, flags, family(ed), kind, ob.counts(units, names, attacker, "attacker"),
                           ob.counts(units, names, defender, "defender"))
        battle.Battle(self.board, kind, attacker, defender, options)

    def start_battle(self, kind, attacker, defender, territory=-1, options=None, defender_power=-1):
        """`defender_power`: at sea, the power the set-up named (on land the owner defends)."""
        if self.tour is not None:
            return self._start_audited(kind, attacker, defender, territory, options, defender_power)
        from engine_core.battle import steps as battle
        self.battle = battle.Battle(self.board, kind, attacker, defender, options)
        self.territory = territory
        self.battle_info = None
        if self.slots is not None and self.game is not None and territory >= 0:  # luck ledger
            ap = self.board.power_id(self.game.summary()["power"])
            dp = self._defender(territory, defender_power)
            self.battle_info = (kind, attacker, defender, ap, dp, territory)
        self.save()
        return self.battle

    def _record_luck(self):
        """A normal game's finished battle into its luck ledger, kept in its own two slots
        ("luck", bound to the game by edition and seed) so it survives a restart."""
        b = self.battle
        info = self.battle_info
        self.battle_info = None
        if info is None or b is None or b.result is None:
            return
        try:
            if self.luck is None:
                self.luck = tlog.cached_ledger(self.board, [], self.recent_odds)
            self.luck.record(info[0], info[1], info[2], b.result, info[3], info[4], info[5])
            g = self.game
            saves.Slots(self.slots.store, tlog.LEDGER_NAME).save(
                tlog.pack_ledger(g.state.edition, g.seed, self.luck.battles))
        except (ValueError, ImportError, MemoryError, OSError):
            pass  # the ledger is a comfort: a battle it cannot rate (or save) is left out

    def _unrecord_luck(self, territory):
        """A battle undone leaves the luck ledger too: the latest one rated in that territory
        (fight, undo, fight again counts once)."""
        ledger = self.luck
        if ledger is None or self.slots is None:
            return
        from engine_core.trust.luck import R_TERRITORY
        rows = ledger.battles
        for i in range(len(rows) - 1, -1, -1):
            if rows[i][R_TERRITORY] == territory:
                rows.pop(i)
                try:
                    g = self.game
                    saves.Slots(self.slots.store, tlog.LEDGER_NAME).save(
                        tlog.pack_ledger(g.state.edition, g.seed, rows))
                except (ValueError, OSError):
                    pass  # the ledger is a comfort: the game's undo stands
                return

    def _load_luck(self):
        """A normal game's luck ledger back from flash (None when it has none)."""
        g = self.game
        rows = tlog.unpack_ledger(saves.Slots(self.slots.store, tlog.LEDGER_NAME).load(),
                                  g.state.edition, g.seed)
        if not rows:
            return None
        ledger = tlog.cached_ledger(self.board, [], self.recent_odds)
        ledger.battles = rows
        return ledger

    def _defender(self, territory, named=-1):
        """The defending power of a game battle in `territory`: its owner on land, at sea the
        power the set-up named; -1 for none (a neutral, a sea zone with none named)."""
        if self.board.is_sea(territory):
            return named if named is not None and 0 <= named < self.board.power_count else -1
        dp = self.game.state.owner[territory]
        return -1 if dp == 255 else dp   # the ledgers store a signed byte

    def _start_audited(self, kind, attacker, defender, territory, options=None, defender_power=-1):
        """A tournament battle: logged, rolled from the tournament's dice at once (to its
        first decision). The attacker is the power on turn, the defender the territory's owner
        or at sea the power the set-up named (a free battle, territory -1, names no powers:
        the luck ledger leaves it out)."""
        g = self.game
        ap = dp = -1
        if territory >= 0:
            ap = self.board.power_id(g.summary()["power"])
            dp = self._defender(territory, defender_power)
        try:
            b = self.tour.start_battle(kind, attacker, defender, ap, dp, territory, options)
            self.starts += 1
            self.battle = AuditedBattle(self, b)
            self.territory = territory
        finally:
            self._flush()
        return self.battle

    def start_raid(self, territory, attacker, setup):
        """A tournament's bombing raid (engine_core.trust.tournament.Tournament.start_raid):
        logged, rolled from the tournament's dice step by step (AuditedRaid)."""
        try:
            raid = self.tour.start_raid(territory, attacker, setup)
        finally:
            self._flush()
        return AuditedRaid(self, raid)

    def end_battle(self):
        if self.tour is not None and self.battle is not None and self.territory >= 0:
            # issue 15: a tournament battle of a territory ends in the game (its result recorded
            # by the battle action), never closed unrecorded to be fought again with new dice
            from engine_core.errors import RuleError
            raise RuleError("TOURNAMENT-BATTLE", "record this battle's result in the game first")
        if self.tour is not None and self.battle is not None:
            # a free battle (no territory: nothing of it goes into the game) closed: keep it
            # closed after a power cut
            self._drop_battle()
            r = self.record
            self.record = (r[0], r[1], r[2], r[3], r[4], self.starts)
            try:
                self._save_record()
            except OSError as err:
                self.save_error = err
        elif self.tour is None:
            self._record_luck()
        self.battle = None
        self.territory = -1
        self.save()
        unload(BATTLE_MODULES)

    def odds(self, kind, attacker, defender, options=None):
        """Exact odds of a set-up; `options` as the battle's (its bombardment, technologies and
        national advantages reach the odds too)."""
        args = odds_args(options)
        if args.get("cargo"):  # aboard damaged carriers / transports: lost with them (odds/cargo.py)
            from engine_core.odds import cargo as odds
        else:
            from engine_core.odds import exact as odds
        r = odds.odds(self.board, kind, attacker, defender, **args)
        # kept for the luck ledger: the battle fought with these sides is rated from it
        self.keep_odds(kind, attacker, defender, r)
        return r

    def odds_solver(self, kind, attacker, defender, options=None):
        """The exact odds of a set-up in slices (engine_core/odds/exact.py, Solver): the input
        checked here (a refusal raises before any work), nothing computed yet. The app runs it
        (firmware/odds_task.py); `keep_odds` records its exact figure for the luck ledger."""
        args = odds_args(options)
        sea = assault_sea(kind, options)
        if sea is not None:   # an assault with its own sea battle: its odds as a whole
            from engine_core.odds import assault
            return assault.Solver(self.board, attacker, defender, options.get("seaborne") or {}, sea[0],
                                  sea[1], tech=args.get("tech"), advantages=args.get("advantages"),
                                  space=args.get("space"),
                                  sea_defender_tech=options.get("sea_defender_tech"),
                                  sea_defender_na=options.get("sea_defender_na"),
                                  sea_defender_teched=options.get("sea_defender_teched"))
        if args.get("cargo"):  # as odds() above
            from engine_core.odds import cargo
            return cargo.solver(self.board, kind, attacker, defender, **args)
        from engine_core.odds import exact as odds
        return odds.Solver(self.board, kind, attacker, defender, **args)

    def keep_odds(self, kind, attacker, defender, r):
        """The set-up's exact odds, kept for the luck ledger (as odds() keeps them)."""
        self.last_odds = (kind, dict(attacker), dict(defender), r["attacker_wins"], r["ipc_swing"])

    def recent_odds(self, kind, attacker, defender):
        """(win chance, expected swing) the set-up screen computed for these sides, or None."""
        o = self.last_odds
        if o is None or o[0] != kind or not _same(o[1], attacker) or not _same(o[2], defender):
            return None
        return o[3], o[4]

    def live_odds(self):
        """Odds of the running battle from its survivors (None when a side is gone)."""
        from engine_core.odds import exact as odds
        if not self._both_left():
            return None
        return odds.live(self.battle)

    def live_solver(self, battle=None):
        """live_odds() in slices (a Solver; None when a side is gone): see odds_solver.
        `battle`: the running battle as another reading sees it (submarines submerged)."""
        from engine_core.odds import exact as odds
        b = battle if battle is not None else self.battle
        if not self._both_left(b):
            return None
        return odds.live_solver(b)

    def _both_left(self, b=None):
        b = b if b is not None else self.battle
        for side in (0, 1):
            left = 0
            for u in range(len(b.alive[side])):
                left += b.alive[side][u]
            if left == 0:
                return False
        return True


class AuditedBattle:
    """A tournament's running battle as the battle screens see it: every attribute is the
    battle's; `answer` and the steps go through the tournament (logged, its dice), and the
    log lines reach flash before they return. Device dice only: the dice the screens pass
    (or None for physical dice) are not used."""

    def __init__(self, session, battle):
        self._session = session
        self._battle = battle

    def __getattr__(self, name):
        return getattr(self._battle, name)

    def answer(self, choice):
        s = self._session
        try:
            s.tour.answer(choice)
        finally:
            s._flush()

    def run_until_prompt(self, dice=None):
        b = self._battle
        if b.prompt is None and b.result is None:
            s = self._session
            try:
                s.tour._run()
            finally:
                s._flush()
        return b.prompt

    def step(self, dice=None):
        self.run_until_prompt(dice)


class AuditedRaid:
    """A tournament's bombing raid as the raid screens see it (as AuditedBattle for a battle):
    its steps roll the tournament's dice (the dice the screen passes are not used) and its
    answers are logged; the log lines reach flash before they return."""

    def __init__(self, session, raid):
        self._session = session
        self._raid = raid

    def __getattr__(self, name):
        return getattr(self._raid, name)

    def answer(self, choice):
        s = self._session
        try:
            s.tour.raid_answer(choice)
        finally:
            s._flush()

    def step(self, dice=None):
        r = self._raid
        if r.prompt is None and not r.done:
            s = self._session
            try:
                s.tour.raid_step()
            finally:
                s._flush()

    def run_until_prompt(self, dice=None):
        while not self._raid.done and self._raid.prompt is None:
            self.step(dice)
        return self._raid.prompt


def sea_allied(session, opts, sp, allies):
    """An assault's sea battle whose launch zone's defenders are of several powers (the set-up's
    "Sea ally" rows): allies = [(power, {unit: count}, advantage names or None), ...], each
    ally's units among opts["sea_defender"] fight with its own technologies and LHTR
    advantages, the rest with power sp's (CL-T-05, LHTR-T-06, P40-R-06: a technology helps only
    its own power; LHTR-O-02): opts' sea_defender_tech, sea_defender_teched and sea_defender_na
    become the side's, and where Japan's kamikazes / kaitens are among them,
    sea_defender_strikers(_teched) as allied_strikers gives a sea battle's (LHTR-O-41,
    LHTR-O-42, LHTR-A-32). Refused (nothing changed) for a power not of sp's side, one named
    twice, or more of a type than defend there (the allies together)."""
    from engine_core.errors import RuleError
    from engine_core.ledger.economy import rid
    from engine_core import techs
    board = session.board
    rule = rid(board, "CL-T-05", "LHTR-T-06", "P40-R-06")
    sd = opts["sea_defender"]
    seen = []
    total = {}
    for ap, ally, ally_na in allies:
        if ap not in ally_powers(board, sp):
            raise RuleError(rule, "the sea ally's ships need an ally of the sea defender")
        if ap in seen:
            raise RuleError(rule, "Sea ally: %s named twice" % board.power_name(ap))
        seen.append(ap)
        for k in ally:
            total[k] = total.get(k, 0) + ally[k]
            if total[k] > sd.get(k, 0):
                raise RuleError(rule, "Sea ally: %d %s of %s, only %d defend the launch zone"
                                % (total[k], k, "the sea allies" if len(allies) > 1 else board.power_name(ap),
                                   sd.get(k, 0)))
    own_na = opts.get("sea_defender_na")
    own_tech = opts["sea_defender_tech"]
    mines = [battle_techs(board, session.game.state, a[0]) for a in allies]
    given = [(mines[j], allies[j][1], allies[j][2]) if allies[j][2] else (mines[j], allies[j][1])
             for j in range(len(allies))]
    names, teched = techs.allied(sd, own_tech, given,
                                 board.units, board.family, board.unit_id, "Sea ally", False, own_na)
    opts["sea_defender_tech"] = tuple(names)
    opts["sea_defender_teched"] = dict((board.unit_name(u), teched[u]) for u in teched)
    any_na = False
    for ap, ally, ally_na in allies:
        if ally_na:
            any_na = True
            had = opts.get("sea_defender_na") or ()
            opts["sea_defender_na"] = tuple(had) + tuple(n for n in ally_na if n not in had)
    if own_na or any_na:
        # LHTR-O-41, LHTR-O-42: Japan names only its own fighters / subs in the launch zone;
        # LHTR-T-06, LHTR-A-32: with its own Jets / Super Submarines only
        st, tk = allied_strikers(board, sd, [(allies[j][1], allies[j][2], mines[j])
                                             for j in range(len(allies))], own_na, own_tech)
        if st:
            opts["sea_defender_strikers"] = st
            opts["sea_defender_strikers_teched"] = tk


def assault_sea(kind, options):
    """An assault's sea battle in the launch zone as (attacking, defending) units, the scrambled
    planes among the defenders (P40-C-57: there is a sea battle when they come), or None when
    there is none or its attacking ships are not entered yet."""
    if kind != "amphibious" or not options or not options.get("sea_attacker"):
        return None
    sd = dict(options.get("sea_defender") or {})
    for k in options.get("scramble") or {}:
        sd[k] = sd.get(k, 0) + options["scramble"][k]
    if not sd:
        return None
    return options["sea_attacker"], sd


def battle_techs(board, state, power):
    """The technologies of `power` in effect that change a battle (only those go to it)."""
    from engine_core.ledger import research
    from engine_core import techs
    return tuple(n for n in research.active_tech_names(board, state, power) if techs.bit(n) & techs.BATTLE)


def raid_techs(board, state, power):
    """The technologies of `power` in effect that change a bombing raid; () for no power."""
    from engine_core.ledger import research
    from engine_core import techs
    if power < 0 or power >= board.power_count:
        return ()
    return tuple(n for n in research.active_tech_names(board, state, power) if techs.bit(n) & techs.RAID)


def ally_powers(board, dp):
    """The powers whose units may defend beside power dp's: its side's others, in power order
    (() for no power)."""
    if dp < 0 or dp >= board.power_count:
        return ()
    return tuple(p for p in range(board.power_count) if p != dp and board.side(p) == board.side(dp))


def allied_strikers(board, defender, allies, own_na, own_tech=()):
    """A sea battle's (defender_strikers, defender_strikers_teched) ({unit name: count} each, {}
    for none needed): of the side's fighters / subs, those of the power holding Kamikaze Attacks
    / Kaiten Torpedoes, the defending power's (`own_na`, `own_tech`) or an ally's (`allies`:
    [(its units, its advantages or None, its battle technologies)]) (LHTR-O-41, LHTR-O-42,
    LHTR-O-02: Japan names only its own); of those, how many carry that power's own Jet Fighters
    / Super Submarines (LHTR-T-06, LHTR-A-32: a kamikaze hits on 5 with Japan's own Jets)."""
    from engine_core import techs
    from engine_core.battle.advantage_bits import strikers
    parts = techs.allied_parts(defender, own_tech, [(t, u, na) if na else (t, u) for u, na, t in allies],
                               "Ally", own_na)
    out = strikers(parts, board.units, board.unit_id)
    tk = {}
    if out:
        from engine_core.battle.strike_techs import strikers_teched
        tk = strikers_teched(parts, board.units, board.unit_id, board.family, out)
    return (dict((board.unit_name(u), out[u]) for u in out),
            dict((board.unit_name(u), tk[u]) for u in tk))


def side_tech_bits(board, state, dp, raid=False):
    """The technology bits in effect of any power of dp's defending side (battle or raid ones):
    where none has a technology that changes a unit type, whose units they are changes nothing."""
    from engine_core import techs
    of = raid_techs if raid else battle_techs
    out = 0
    for p in ((dp,) if dp >= 0 else ()) + ally_powers(board, dp):
        out |= techs.bits(of(board, state, p))
    return out


def side_advantage_bits(board, game, dp):
    """The bits (engine_core/battle/advantage_bits.py) of the defending national advantages any
    power of dp's defending side holds in this game (LHTR; Russian Winter while declared): where
    none changes a unit type, whose units they are changes nothing (LHTR-O-02)."""
    from engine_core.editions import FAM_LHTR
    nas = game.options.get("national_advantages") if game is not None and game.options else None
    if not nas or board.family != FAM_LHTR or dp < 0:
        return 0
    from engine_core.battle import advantages
    from engine_core.battle.advantage_bits import name_bits, NA_NAMES
    from engine_core.ledger import advantages as ledger_na
    winter = ledger_na.winter_active(game.state)
    out = 0
    for p in (dp,) + ally_powers(board, dp):
        out |= name_bits(advantages.for_powers(nas, "", board.power_name(p), winter)["defender_na"],
                         NA_NAMES, "national advantage")
    return out


def odds_args(options):
    """The odds engine's keyword arguments for a battle's options (engine_core/odds/exact.py):
    bombardment, both sides' technologies, the LHTR national advantages and the space."""
    out = {}
    if not options:
        return out
    if options.get("bombard"):
        out["bombard"] = options["bombard"]
    at = options.get("attacker_tech")
    dt = options.get("defender_tech")
    if at or dt or options.get("defender_teched") is not None:
        out["tech"] = {"attacker": list(at or ()), "defender": list(dt or ())}
        if options.get("defender_teched") is not None:
            # an ally's defenders (its own technologies and national advantages)
            out["tech"]["defender_teched"] = options["defender_teched"]
    an = options.get("attacker_na")
    dn = options.get("defender_na")
    if an or dn:
        out["advantages"] = {"attacker": list(an or ()), "defender": list(dn or ())}
    if options.get("space"):
        out["space"] = options["space"]
    for key, arg in (("damaged", "damaged"), ("cargo", "cargo")):
        a = options.get("attacker_" + key)
        d = options.get("defender_" + key)
        if a or d:
            out[arg] = {"attacker": dict(a or {}), "defender": dict(d or {})}
    return out


MAX_UNITS = 255    # units on one side of a restored battle (a hostile record: no hang in its odds)


def check_restored_battle(b):
    """A restored battle is one the screens and the odds can use: its kind in range, its
    sides this edition's, no side over MAX_UNITS units (a box of any edition holds fewer).
    ValueError otherwise (the record does not restore)."""
    from engine_core.battle import base
    if not 0 <= b.kind < len(base.KIND_NAMES):
        raise ValueError("the saved battle's kind %d is out of range" % b.kind)
    for side in (0, 1):
        for vec in (b.alive[side], b.dmg[side], b.cas[side], b.subm[side], b.lost[side]):
            if len(vec) != b.n:
                raise ValueError("the saved battle's sides are not this edition's")
        total = 0
        for x in b.alive[side]:
            total += x
        if total > MAX_UNITS:
            raise ValueError("the saved battle has %d units on one side" % total)


def _same(a, b):
    """Two {unit name: count} sides are the same (zero counts left out)."""
    for d, e in ((a, b), (b, a)):
        for k in d:
            if d[k] and e.get(k, 0) != d[k]:
                return False
    return True


def _input_kind(line):
    """'battle' / 'action' for a log line that is an input (None for outputs)."""
    parts = line.split("|")
    if len(parts) != 4:
        return None
    if parts[1] == "action" or parts[1] == "mix":
        return "action"
    if parts[1] == "decision" or (parts[1] == "battle" and parts[2].startswith("start ")):
        return "battle"
    return None


def _log_facts(lines):
    """(battles started, kind of the last input: 'battle' / 'action' / None, finished) of a log."""
    last = None
    starts = 0
    finished = False
    for line in lines:
        finished = line.startswith("SEED|")
        k = _input_kind(line)
        if k is not None:
            last = k
        if k == "battle" and line.split("|")[1] == "battle":
            starts += 1
    return starts, last, finished
