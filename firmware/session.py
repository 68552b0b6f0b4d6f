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
"""

import struct

from firmware import saves

_VERSION = 1
# version, len(game), len(battle), battle territory (-1: none), len(players), len(edition)
_HEADER = "<BIIiBB"
_HSIZE = 15


# Loaded for a battle and dropped after it: their bytecode is most of the engine's size
# (about 100 KB under MicroPython when not frozen into the firmware image).
BATTLE_MODULES = ("engine_core.odds", "engine_core.battle", "firmware.screens.battle")


def unload(names):
    """Forget modules so the next gc frees their bytecode (re-imported when needed)."""
    import sys
    for name in names:
        if name in sys.modules:
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
        from engine_core import game
        self.load_board(edition)
        self.game = game.Game.new(edition, seed=seed, options=options or {})
        self.battle = None
        self.territory = -1
        self.players = bytes(players)
        self.save()
        return self.game

    def apply(self, action):
        """Apply one action; RuleError/InputError propagate and nothing changes."""
        self.game.apply(action)
        self.save()

    def undo(self):
        self.game.undo()
        self.save()

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
        from engine_core import save
        g = _as_bytes(save.dumps(self.game)) if self.game is not None else b""
        b = _as_bytes(self.battle.to_bytes()) if self.battle is not None else b""
        pl = bytes(self.players)
        ed = (self.board.edition if self.board is not None else "").encode()
        return struct.pack(_HEADER, _VERSION, len(g), len(b), self.territory, len(pl), len(ed)) + g + b + pl + ed

    def save(self):
        if self.slots is None:
            return
        try:
            self.slots.save(self.payload())
        except OSError as err:  # read-only drive (boot.py), full or missing flash
            self.save_error = err
            return
        self.save_error = None
        self.saved += 1

    def resume(self):
        """Load the newest good save; True when a game came back."""
        if self.slots is None:
            return False
        data = self.slots.load()
        if data is None or len(data) < _HSIZE:
            return False
        version, ng, nb, territory, npl, ned = struct.unpack(_HEADER, data[:_HSIZE])
        if version != _VERSION or len(data) != _HSIZE + ng + nb + npl + ned:
            return False
        at = _HSIZE + ng + nb
        self.players = bytes(data[at:at + npl])
        edition = bytes(data[at + npl:]).decode()
        from engine_core import save
        g = data[_HSIZE:_HSIZE + ng]
        if ng:
            self.game = save.loads(g)
            self.load_board(self.game.state.edition)
        elif edition:
            self.load_board(edition)  # a free battle: the board it was fought on
        if nb:
            from engine_core import battle
            self.battle = battle.Battle.from_bytes(self.board, data[_HSIZE + ng:_HSIZE + ng + nb])
            self.territory = territory
        return self.game is not None or self.battle is not None

    def forget(self):
        """Erase the saved game (settings: new game / kiosk visitors)."""
        self.game = None
        self.battle = None
        if self.slots is not None:
            self.slots.erase()

    # -- battles ----------------------------------------------------------
    def start_battle(self, kind, attacker, defender, territory=-1):
        from engine_core import battle
        self.battle = battle.Battle(self.board, kind, attacker, defender)
        self.territory = territory
        self.save()
        return self.battle

    def end_battle(self):
        self.battle = None
        self.territory = -1
        self.save()
        unload(BATTLE_MODULES)

    def odds(self, kind, attacker, defender):
        from engine_core import odds
        return odds.odds(self.board, kind, attacker, defender)

    def live_odds(self):
        """Odds of the running battle from its survivors (None when a side is gone)."""
        from engine_core import odds
        b = self.battle
        for side in (0, 1):
            left = 0
            for u in range(len(b.alive[side])):
                left += b.alive[side][u]
            if left == 0:
                return None
        return odds.live(b)
