"""GameState: the ledger's plain data (no rules here; rules live in economy.py, game.py, ...).

The state of a game is the replay of its journal from `Game.new(edition, seed, options)`;
`GameState` only holds the result. Attribute names are a contract with the politics
engineer (politics.py, objectives.py, research.py, convoy.py read them):

  edition   str, the board_defs edition name
  round     int, from 1
  turn      index into board.turn_order (whose turn it is)
  phase     small int, a phase constant of engine_core/ledger/phases.py
  treasury  list of int per power id (IPCs in hand)
  owner     bytearray per territory id: controlling power id, 255 = neutral / unowned
  damage    bytearray per territory id: facility damage markers (1940) / IC damage (Classic, Revised)
  at_war    list of int per power id: bitmask of the powers it is at war with (bit p = 1 << p)
  history   int bitmask of one-time facts (bit constants in engine_core/ledger/history.py)
  kamikaze  int, kamikaze tokens left (Japan, 1940 games)
  techs     list of int bitmask per power id (technology bits owned, see research.py)
  research  list of int per power id (R&D tokens kept / research dice bought, per edition)
  dice      tuple, the state of the device's dice generator (engine_core/dice.py)
  pending   None or the pending question (a small tuple, see game.py)
  journal   list of action entries (compact tuples, see journal.py)

Ledger extensions (read freely, written only by the ledger):

  facilities  bytearray per territory: facility bits (board.FAC_*) standing there now
  base_damage bytearray per territory (1940): air base damage (low 4 bits) and naval base
              damage (high 4 bits); `damage` holds the industrial complex's markers
  captured    bytearray per territory: 1 if control changed during the current turn
  since       bytearray, 2 bytes (big end) per territory: the game turn (`game_turn`) in
              which the current controller's *side* took the territory (0 = since setup);
              read and write it with since_of / set_since
  game_turn   int, 1 for the first power's first turn, +1 every turn
  turns_taken list of int per power id: turns begun so far (US "third turn" rules)
  pool        list of [unit id, count] pairs bought this turn and not yet placed
  placed      bytearray per territory: combat units mobilized there this turn (255: a
              complex built there this turn, which places nothing)
  frozen      list of int per power: IPCs seized while its own capital was held
              (Revised/LHTR LHTR-E-13: not spendable until the capital is freed)
  victory     -1 while the game goes on, else the winning side (0 Axis, 1 Allies)
  hold        list of small tuples: pending conditional wins (see victory.py)
  income_log  list of int per power: IPCs collected at the power's last Collect Income
  phase_start, turn_start  int, the journal index of the first entry of the current phase /
              player-turn (journal.this_phase counts per-phase and per-turn limits from
              them; an answered question inside a phase moves neither). Journal positions,
              left out of snapshot() as the journal is
"""

NO_OWNER = 255


class GameState:
    """Plain data; see the module docstring for every attribute."""

    def __init__(self, edition, power_count, territory_count):
        self.edition = edition
        self.round = 1
        self.turn = 0
        self.phase = 0
        self.treasury = [0] * power_count
        self.owner = bytearray(b"\xff" * territory_count)
        self.damage = bytearray(territory_count)
        self.at_war = [0] * power_count
        self.history = 0
        self.kamikaze = 0
        self.techs = [0] * power_count
        self.research = [0] * power_count
        self.dice = (1, 1)
        self.pending = None
        self.journal = []
        # ledger extensions
        self.facilities = bytearray(territory_count)
        self.base_damage = bytearray(territory_count)
        self.captured = bytearray(territory_count)
        self.since = bytearray(2 * territory_count)
        self.game_turn = 1
        self.turns_taken = [0] * power_count
        self.pool = []
        self.placed = bytearray(territory_count)
        self.frozen = [0] * power_count
        self.victory = -1
        self.hold = []
        self.income_log = [0] * power_count
        self.phase_start = 0
        self.turn_start = 0

    def is_at_war(self, a, b):
        """True if power `a` is at war with power `b` (wars are mutual)."""
        return bool(self.at_war[a] & (1 << b))

    def snapshot(self):
        """Every attribute except the journal, as nested tuples: equal snapshots = equal states."""
        pend = self.pending
        return (
            self.edition, self.round, self.turn, self.phase, tuple(self.treasury),
            bytes(self.owner), bytes(self.damage), tuple(self.at_war), self.history,
            self.kamikaze, tuple(self.techs), tuple(self.research), tuple(self.dice),
            _freeze(pend), bytes(self.facilities), bytes(self.base_damage), bytes(self.captured), bytes(self.since),
            self.game_turn, tuple(self.turns_taken), _freeze(self.pool), bytes(self.placed),
            tuple(self.frozen), self.victory, _freeze(self.hold), tuple(self.income_log),
        )


def since_of(state, t):
    """The game turn in which t's controlling side took it (0: since setup)."""
    return (state.since[2 * t] << 8) | state.since[2 * t + 1]


def set_since(state, t, game_turn):
    state.since[2 * t] = (game_turn >> 8) & 255
    state.since[2 * t + 1] = game_turn & 255


def _freeze(value):
    """A hashable, order-preserving copy of nested lists/tuples/dicts of plain values."""
    if isinstance(value, (list, tuple)):
        return tuple([_freeze(v) for v in value])
    if isinstance(value, dict):
        keys = sorted([str(k) for k in value])
        return tuple([(k, _freeze(value[k])) for k in keys])
    return value
