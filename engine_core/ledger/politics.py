"""Politics: who is at war with whom, declarations of war and their consequences.

Pure functions of (board, state, ...). They read only the GameState contract
attributes (round, turn, phase, treasury, owner, at_war, history) and, when
they change the state, change only `at_war`, `history`, `treasury` and
`owner`, after every check has passed. Anything else a consequence needs
(a complex upgraded, a garrison placed) comes back as an event tuple for the
ledger to apply.

  initial_at_war(board) -> list of int       war bitmask per power at setup (P40-P-01, G40-P-03/04)
  at_war(state, a, b) -> bool
  can_declare_war(board, state, declarer, target, options=None)
                                             raises RuleError if the rules forbid it now
  declare_war(board, state, declarer, target, options=None) -> events
  legal_targets(board, state, declarer, options=None) -> (power, ...)   for a prompt's options
  enter(board, state, power, t, attack, options=None) -> events
                                             record units of `power` entering territory `t`
                                             (attack=True: a combat move / attack); checks the
                                             political restrictions and records one-time facts
  capture_facts(board, state, captor, t) -> events
                                             record political facts of a capture (London,
                                             North America: G40-P-11, G40-P-23 ii)
  neutral_status(board, state, t) -> NOT_NEUTRAL / STRICT / FRIENDLY_AXIS / FRIENDLY_ALLIES
  convert_neutral(board, state, power, t) -> events   P40-E-76 friendly-neutral conversion
  end_of_combat(board, state) -> events      G40-P-38 Soviet-Mongolian pact at the end of
                                             Japan's Conduct Combat
  can_take_dutch(board, state, power, t)     P40-E-71 / G40-P-31 / G40-P-41 guardianship

Events (small tuples, no UI strings):
  (EV_WAR, a, b)                 powers a and b are now at war (a declared or acted)
  (EV_TRANSPORT_EXCEPTION, p)    p's transports in newly hostile zones may load this Combat Move (P40-P-04)
  (EV_IC_UPGRADE, t)             the minor complex in territory t becomes major at no cost (G40-U-02/03)
  (EV_US_MAY_DECLARE,)           the US may now declare war (P40-P-18, G40-P-23)
  (EV_IPC, p, amount)            p's treasury changed by amount (option p40_us_onetime30, P40-X-03)
  (EV_CONVERTED, p, t)           neutral t is now p's; its standing army joins p (P40-E-76, G40-P-38)
  (EV_TROOP_BONUS, p, t, ipcs)   p places free units worth up to ipcs on t (G40-U-04)
  (EV_FREE_UNITS, p, t, unit, n) p may place n free units of `unit` on t now (LHTR-O-11,
                                 emitted by ledger/treaty.py when the USSR has chosen)

Options (a dict, defaults from the digests):
  "p40_us_dow_window": "turn3_only" | "turn3_onward"   (P40-X-31)
  "g40_us_dow_window": "turn3_only" | "turn3_onward"   (G40-X-24)
  "g40v_uk_dow_window": "turn3_only" | "turn3_onward"  (G40-X-22)
  "p40_us_onetime30": False | True                     (P40-X-03)
  "g40_act_of_war": "auto_war" | "forbid"              (G40-X-30)
  "restricted_attack": False | True                    Classic optional rule (CL-O-04)
  "national_advantages": (name, ...)                   Revised/LHTR optional advantages in play
                                                       (LHTR-O-02), e.g. "nonaggression_treaty"
"""

from engine_core.errors import RuleError, InputError
from engine_core.editions import FAM_CLASSIC
from engine_core.ledger import history as H
from engine_core.ledger import phases as phases
from engine_core import board as B

NO_OWNER = 255

EV_WAR = "war"
EV_TRANSPORT_EXCEPTION = "transport_exception"
EV_IC_UPGRADE = "ic_upgrade"
EV_US_MAY_DECLARE = "us_may_declare"
EV_IPC = "ipc"
EV_CONVERTED = "converted"
EV_TROOP_BONUS = "troop_bonus"
EV_FREE_UNITS = "free_units"

# Neutral status of a territory
NOT_NEUTRAL = 0
STRICT = 1
FRIENDLY_AXIS = 2     # friendly neutral to the Axis (pro-Axis)
FRIENDLY_ALLIES = 3   # friendly neutral to the Allies (pro-Allies)

AXIS = 0
ALLIES = 1

# Edition families
_NONE = 0      # Classic, Revised, LHTR: every Axis power at war with every Allied power
_P40 = 1
_G40 = 2
_G40V = 3

JAPAN = "Japan"
US = "United States"
UK = "United Kingdom"
UKP = "United Kingdom Pacific"
ANZAC = "ANZAC"
CHINA = "China"
USSR = "Soviet Union"
GERMANY = "Germany"
ITALY = "Italy"
FRANCE = "France"

# Territories named by the rules (names as printed on the map).
FIC = ("French Indo-China", "French Indo China", "French Indochina")
DUTCH = ("Sumatra", "Java", "Celebes", "Dutch New Guinea", "Suriname", "Dutch Guiana")
MONGOLIA = ("Olgiy", "Dzavhan", "Tsagaan-Olom", "Central Mongolia", "Ulaanbaatar", "Buyant-Uhaa")
KOREA = ("Korea",)
CHINA_EXTRA = ("Kwangtung", "Burma")          # open to Chinese units besides China (P40-E-83)
US_COMPLEXES = ("Eastern United States", "Central United States", "Western United States")
INDIA = ("India",)
LONDON = ("United Kingdom",)
NORTH_AMERICA = (
    "Alaska", "Western United States", "Central United States", "Eastern United States",
    "Mexico", "Southeast Mexico", "South Eastern Mexico", "Central America",
    "Western Canada", "Eastern Canada", "Alberta Saskatchewan Manitoba", "Ontario", "Quebec",
    "New Brunswick Nova Scotia", "Newfoundland Labrador", "Yukon Territory", "British Columbia",
    "Greenland", "Aleutian Islands", "West Indies",
)
FRANCE_T = ("France",)

_DEFAULTS = {
    "p40_us_dow_window": "turn3_only",
    "g40_us_dow_window": "turn3_only",
    "g40v_uk_dow_window": "turn3_only",
    "p40_us_onetime30": False,
    "g40_act_of_war": "auto_war",
    "restricted_attack": False,
}


def _opt(options, key):
    if options and key in options:
        return options[key]
    return _DEFAULTS[key]


def _family(board):
    ed = board.edition
    if ed == "pacific_1940":
        return _P40
    if ed == "global_1940":
        return _G40
    if ed == "global_1940_variant":
        return _G40V
    return _NONE


def _prefix(board):
    f = _family(board)
    if f == _P40:
        return "P40"
    if f == _NONE:
        return "CL" if board.family == FAM_CLASSIC else "LHTR"
    return "G40"


def _pid(board, name):
    """Power id for a printed name, or -1 when the edition has no such power."""
    for p in range(board.power_count):
        if board.power_name(p) == name:
            return p
    return -1


_TID_CACHE = {}


def _tids(board, names):
    """Ids of the territories of `names` that exist in this edition (cached per edition)."""
    key = (board.edition, names)
    hit = _TID_CACHE.get(key)
    if hit is not None:
        return hit
    out = []
    for n in names:
        try:
            t = board.territory_id(n)
        except (RuleError, InputError, KeyError, ValueError, IndexError):
            continue
        if t not in out:
            out.append(t)
    out = tuple(out)
    _TID_CACHE[key] = out
    return out


def at_war(state, a, b):
    """True if powers a and b are at war (a state of war is mutual, P40-P-03)."""
    if a < 0 or b < 0:
        return False
    return bool(state.at_war[a] & (1 << b))


def _set_war(at_war_list, a, b):
    at_war_list[a] |= 1 << b
    at_war_list[b] |= 1 << a


def _uk_group(board):
    """The powers the rules treat as one for war with Japan: the UK (both economies) and
    ANZAC (P40-P-11, P40-P-16, G40-P-19, G40-P-29, G40-P-33; G40v: G40-X-20/21/23)."""
    out = []
    for n in (UK, UKP, ANZAC):
        p = _pid(board, n)
        if p >= 0:
            out.append(p)
    return out


def _uk_pair(board):
    """The UK's two economies: one power for every war (G40-T-02, G40-X-20)."""
    out = []
    for n in (UK, UKP):
        p = _pid(board, n)
        if p >= 0:
            out.append(p)
    return out


def initial_facilities(board, state):
    """G40-U-03 (the variant, on Global 1940's map): "the industrial complex in India begins the
    game as a minor complex" (_make_war upgrades it when UK Pacific goes to war with Japan)."""
    if _family(board) != _G40V:
        return
    for t in _tids(board, INDIA):
        f = state.facilities[t]
        if f & B.FAC_MAJOR:
            state.facilities[t] = (f & ~B.FAC_MAJOR) | B.FAC_MINOR


def _variant_uk_targets(board, target):
    """G40v: Japan declares on "United Kingdom Europe, United Kingdom Pacific" as separate
    targets (G40-V-06): "A declaration of war by Japan against the United Kingdom Pacific will
    immediately result in a state of war between Japan and UK Pacific". The variant's UK Pacific
    section is ANZAC's text relabelled (G40-V-19, G40-X-21), so UK Pacific and ANZAC go to war
    together; UK Europe alone on a declaration against it."""
    uk = _pid(board, UK)
    if target == uk:
        return [uk]
    out = []
    for n in (UKP, ANZAC):
        p = _pid(board, n)
        if p >= 0:
            out.append(p)
    return out


def _group(board, p, other):
    """Powers that enter a war together when p and `other` go to war."""
    japan = _pid(board, JAPAN)
    uk_group = _uk_group(board)
    if p in uk_group and other == japan:
        return uk_group
    pair = _uk_pair(board)
    if p in pair:
        return pair
    return [p]


def initial_at_war(board):
    """War bitmask per power at the start of the game.

    Classic/Revised/LHTR: every Axis power is at war with every Allied power (CL-P-01,
    LHTR-P-01). Pacific 1940: Japan and China only (P40-P-01). Global 1940: Germany and
    Italy with France, the UK (both economies) and ANZAC; Japan with China (G40-P-03);
    the variant the same, ANZAC kept at war with Germany and Italy (G40-P-04, G40-X-21).
    """
    n = board.power_count
    wars = [0] * n
    fam = _family(board)
    if fam == _NONE:
        for a in range(n):
            for b in range(n):
                if board.side(a) != board.side(b):
                    wars[a] |= 1 << b
        return wars
    japan = _pid(board, JAPAN)
    china = _pid(board, CHINA)
    if japan >= 0 and china >= 0:
        _set_war(wars, japan, china)
    if fam in (_G40, _G40V):
        for axis in (_pid(board, GERMANY), _pid(board, ITALY)):
            if axis < 0:
                continue
            for ally in (UK, UKP, ANZAC, FRANCE):
                q = _pid(board, ally)
                if q >= 0:
                    _set_war(wars, axis, q)
    return wars


def _current_power(board, state):
    return board.turn_order[state.turn]


def _phase(board, state, options=None):
    """The phase constant of state.phase: an index into the edition's phase table, without
    the research phase when the optional R&D rule is off (as engine_core/ledger/game.py plays it)."""
    table = None
    rules = None
    try:
        rules = board.rules
        table = rules["phases"]
    except (AttributeError, KeyError, TypeError):
        table = None
    if table is None:
        table = (phases.PURCHASE, phases.COMBAT_MOVE, phases.COMBAT,
                 phases.NONCOMBAT, phases.MOBILIZE, phases.INCOME)
    elif rules.get("research_optional") and not (options and options.get("rd")):
        table = tuple([p for p in table if p != phases.RESEARCH])
    if 0 <= state.phase < len(table):
        return table[state.phase]
    return -1


def _is_on_turn(board, state, p):
    cur = _current_power(board, state)
    if cur == p:
        return True
    pair = _uk_pair(board)
    return p in pair and cur in pair


def _us_window(board, state, options, key):
    """True while the US may use its turn-3 Collect Income declaration (P40-P-18, G40-P-24)."""
    if _phase(board, state, options) != phases.INCOME:
        return False
    if _opt(options, key) == "turn3_onward":
        return state.round >= 3
    return state.round == 3


def can_declare_war(board, state, declarer, target, options=None):
    """Raise RuleError naming the rule if `declarer` may not declare war on `target` now.

    Returns True otherwise. Checks: an edition with declarations at all; opposing sides;
    the declarer's own turn; not already at war; the beginning of Combat Move (or the
    US turn-3 Collect Income exception); the edition's political restrictions.
    """
    fam = _family(board)
    pre = _prefix(board)
    if not (0 <= declarer < board.power_count and 0 <= target < board.power_count):
        raise InputError("unknown power")
    if fam == _NONE:
        rule = "CL-P-01" if pre == "CL" else "LHTR-P-12"
        raise RuleError(rule, "every Axis power is at war with every Allied power from the start")
    gen = "P40-P-02" if fam == _P40 else "G40-P-02"
    if declarer == target or board.side(declarer) == board.side(target):
        raise RuleError(gen, "war is declared only on a power of the other side")
    if not _is_on_turn(board, state, declarer):
        raise RuleError(gen, "war is declared only on the declaring power's own turn")
    if at_war(state, declarer, target):
        raise RuleError(gen, "already at war")
    us = _pid(board, US)
    phase = _phase(board, state, options)
    in_income = False
    if phase != phases.COMBAT_MOVE:
        key = "p40_us_dow_window" if fam == _P40 else "g40_us_dow_window"
        if declarer == us and _us_window(board, state, options, key):
            in_income = True
        else:
            rule = "P40-T-20" if fam == _P40 else "G40-T-04"
            raise RuleError(rule, "war is declared at the beginning of the Combat Move phase")
    if fam == _P40:
        _check_p40(board, state, declarer, target, in_income)
    else:
        _check_g40(board, state, declarer, target, in_income, fam, options)
    return True


def _check_p40(board, state, declarer, target, in_income):
    japan = _pid(board, JAPAN)
    us = _pid(board, US)
    uk_group = _uk_group(board)
    if declarer == japan:
        # P40-P-10: Japan may declare on any or all Allied powers on any of its turns.
        return
    if declarer in uk_group:
        # P40-P-16: the UK or ANZAC may declare on Japan on any turn.
        return
    if declarer == us:
        if in_income:
            # P40-P-18: the turn-3 Collect Income exception.
            return
        if state.history & H.JAPAN_UNPROVOKED_UK:
            return
        raise RuleError("P40-P-18", "the United States may declare war on Japan only after Japan "
                        "declares war on it or makes an unprovoked declaration on the UK or ANZAC, "
                        "or in the Collect Income phase of its third turn")
    raise RuleError("P40-P-02", "no political rule lets this power declare war")


def _check_g40(board, state, declarer, target, in_income, fam, options):
    japan = _pid(board, JAPAN)
    us = _pid(board, US)
    ussr = _pid(board, USSR)
    china = _pid(board, CHINA)
    germany = _pid(board, GERMANY)
    italy = _pid(board, ITALY)
    france = _pid(board, FRANCE)
    anzac = _pid(board, ANZAC)
    pair = _uk_pair(board)
    if declarer in (germany, italy):
        # G40-P-10, G40-P-32: Germany and Italy may declare on the US, the USSR or China.
        if target in (us, ussr, china):
            return
        raise RuleError("G40-P-10" if declarer == germany else "G40-P-32",
                        "this Axis power may declare war only on the US, the USSR or China")
    if declarer == japan:
        # G40-P-19: Japan may declare on the UK, ANZAC, the US, France or the USSR.
        return
    if declarer == ussr:
        if target == japan:
            return  # G40-P-11: on Japan on any turn
        if (state.round >= 4 or state.history & (H.EURO_AXIS_DECLARED_ON_USSR | H.AXIS_TOOK_LONDON)):
            return  # G40-P-11, G40-X-25
        raise RuleError("G40-P-11", "the Soviet Union may not declare war on Germany or Italy before "
                        "turn 4 unless one declared war on it or an Axis power captured London")
    if declarer == us:
        if in_income:
            # G40-P-24: "on any or all Axis powers at the beginning of that phase". A US
            # already at war had a trigger of G40-P-23, so several declarations in a row
            # are allowed here (G40-X-24 reading).
            return
        if state.history & (H.AXIS_DECLARED_ON_US | H.AXIS_TOOK_LONDON_OR_NA | H.JAPAN_UNPROVOKED_UK):
            return  # G40-P-23 (i)-(iii)
        uk = _pid(board, UK)
        ukp = _pid(board, UKP)
        if fam == _G40V and at_war(state, japan, uk) and not at_war(state, japan, ukp):
            # G40-V-11 (iii): "an unprovoked declaration of war against the UK Europe": Japan at
            # war with UK Europe alone got there by its own declaration (a UK declaration puts
            # both economies at war, G40-V-05)
            return
        raise RuleError("G40-P-23", "the United States may declare war only after an Axis declaration on "
                        "it, an Axis capture of London or North America, or an unprovoked Japanese "
                        "declaration on the UK or ANZAC")
    if declarer == china:
        if target == germany and state.history & H.GERMANY_ENTERED_CHINA:
            return
        if target == italy and state.history & H.ITALY_ENTERED_CHINA:
            return
        raise RuleError("G40-P-28", "China may declare war on a European Axis power only after it "
                        "declares war on China or enters a territory open to Chinese units")
    if declarer in pair or declarer == anzac:
        if target != japan:
            raise RuleError("G40-P-29", "the UK and ANZAC may declare war only on Japan")
        if fam == _G40V:
            # G40-P-29 [004], G40-X-22; ANZAC bound by the same window (G40-X-21).
            if _opt(options, "g40v_uk_dow_window") == "turn3_onward":
                ok = state.round >= 3
            else:
                ok = state.round == 3
            if not ok:
                raise RuleError("G40-V-04", "the United Kingdom may declare war on Japan only at the "
                                "beginning of the Combat Move phase of its third turn")
        return  # G40-P-29, G40-P-33
    if declarer == france:
        if target == japan:
            return  # G40-P-35
        raise RuleError("G40-P-35", "France may declare war only on Japan")
    raise RuleError("G40-P-02", "no political rule lets this power declare war")


def legal_targets(board, state, declarer, options=None):
    """Tuple of the powers `declarer` may declare war on right now (for a prompt's options)."""
    out = []
    for q in range(board.power_count):
        try:
            can_declare_war(board, state, declarer, q, options)
        except RuleError:
            continue
        out.append(q)
    return tuple(out)


def declare_war(board, state, declarer, target, options=None):
    """Declare war; apply the war states and one-time facts; return the events.

    Raises RuleError (nothing changed) when illegal. Effects: the declarer's group and
    the target's group are at war with each other (P40-P-03, P40-P-11, P40-P-16,
    G40-P-19/29/33); the declaration is recorded as unprovoked when Japan declares on the
    UK/ANZAC side (P40-P-05, P40-X-33, G40-V-09); the transport-loading exception opens
    (P40-P-04); the US may declare after such a declaration (P40-P-18, G40-P-23); the US
    complexes (G40-U-02) and, in the variant, India's (G40-U-03) become major.
    """
    can_declare_war(board, state, declarer, target, options)
    return _make_war(board, state, declarer, target, options, True)


def _make_war(board, state, declarer, target, options, declared):
    fam = _family(board)
    japan = _pid(board, JAPAN)
    us = _pid(board, US)
    ussr = _pid(board, USSR)
    germany = _pid(board, GERMANY)
    italy = _pid(board, ITALY)
    uk_group = _uk_group(board)
    pair = _uk_pair(board)
    events = []
    new_wars = list(state.at_war)
    hist = state.history
    treasury_delta = 0
    us_was_at_war = us >= 0 and new_wars[us] != 0
    targets = _group(board, target, declarer)
    if declared and fam == _G40V and declarer == japan and target in uk_group:
        targets = _variant_uk_targets(board, target)
    for a in _group(board, declarer, target):
        for b in targets:
            if not (new_wars[a] & (1 << b)):
                _set_war(new_wars, a, b)
                events.append((EV_WAR, a, b))
    if declared:
        if fam == _G40V and declarer == japan and target == _pid(board, UK) and us >= 0 \
                and not (new_wars[us] & (1 << japan)):
            # G40-V-11: an unprovoked declaration on UK Europe lets the US declare war; J1 is
            # lost only by one on UK Pacific (G40-V-09)
            events.append((EV_US_MAY_DECLARE,))
        elif declarer == japan and target in uk_group and not (hist & H.JAPAN_UNPROVOKED_UK):
            # P40-P-05 / P40-X-33: a Japanese declaration on the UK/ANZAC side while not at
            # war with it is unprovoked (it is never at war with them before declaring).
            hist |= H.JAPAN_UNPROVOKED_UK
            if us >= 0 and not (new_wars[us] & (1 << japan)):
                events.append((EV_US_MAY_DECLARE,))
            if fam == _P40 and _opt(options, "p40_us_onetime30") and not (hist & H.US_WARTIME_BONUS_PAID):
                # P40-X-03 (rulebook text, option): one-time 30 IPCs to the US.
                hist |= H.US_WARTIME_BONUS_PAID
                treasury_delta = 30
                events.append((EV_IPC, us, 30))
        if target == us and board.side(declarer) == AXIS and not (hist & H.AXIS_DECLARED_ON_US):
            hist |= H.AXIS_DECLARED_ON_US  # G40-P-23 (i)
        if target == ussr and declarer in (germany, italy):
            hist |= H.EURO_AXIS_DECLARED_ON_USSR  # G40-P-11
        events.append((EV_TRANSPORT_EXCEPTION, declarer))
    if fam in (_G40, _G40V) and us >= 0 and not us_was_at_war and new_wars[us] != 0:
        # G40-U-02, G40-X-38: entering any state of war makes the US complexes major.
        hist |= H.US_ENTERED_WAR
        for t in _tids(board, US_COMPLEXES):
            if state.owner[t] == us:
                events.append((EV_IC_UPGRADE, t))
    ukp = _pid(board, UKP)
    if fam == _G40V and japan >= 0 and ukp >= 0 and not at_war(state, ukp, japan) \
            and not (hist & H.INDIA_IC_UPGRADED) and new_wars[ukp] & (1 << japan):
        # G40-U-03, G40-X-39: India's complex becomes major "when the United Kingdom Pacific
        # enters a state of war with Japan" (a war with UK Europe alone does not, G40-V-06)
        hist |= H.INDIA_IC_UPGRADED
        for t in _tids(board, INDIA):
            if state.owner[t] in pair:
                events.append((EV_IC_UPGRADE, t))
    # apply (all checks passed)
    for i in range(len(new_wars)):
        state.at_war[i] = new_wars[i]
    state.history = hist
    if treasury_delta:
        state.treasury[us] += treasury_delta
    return events


# ---------------------------------------------------------------- territories

def _original_owner(board, t):
    o = board.original_owner(t)
    if o is None:
        return -1
    return o


def _in_names(board, t, names):
    return t in _tids(board, names)


def _is_china(board, t):
    """A Chinese-emblem territory (original controller China, P40-T-73)."""
    china = _pid(board, CHINA)
    return china >= 0 and _original_owner(board, t) == china


def _open_to_chinese(board, t):
    """Chinese-emblem territories plus Kwangtung and Burma (P40-E-83, G40-X-31)."""
    return _is_china(board, t) or _in_names(board, t, CHINA_EXTRA)


def _nk(board, t):
    return board.neutral_kind(t)


def _is_dutch(board, t):
    """Dutch territory (uncontrolled at start, Allied-friendly: P40-E-70, G40-P-40)."""
    return _nk(board, t) == B.NK_DUTCH or (_original_owner(board, t) < 0 and _in_names(board, t, DUTCH))


def _is_french(board, t):
    france = _pid(board, FRANCE)
    if france >= 0:
        return _original_owner(board, t) == france
    return _nk(board, t) == B.NK_FRENCH


def _is_mongolia(board, t):
    return _in_names(board, t, MONGOLIA)


def _mongolia_strict(board, state):
    """True while Mongolia is still a strict neutral (an uncontrolled Mongolian territory with
    strict status; G40-P-39)."""
    if state.history & H.MONGOLIA_PACT_DONE:
        return False
    for t in _tids(board, MONGOLIA):
        if state.owner[t] == NO_OWNER and neutral_status(board, state, t) == STRICT:
            return True
    return False


def neutral_status(board, state, t):
    """NOT_NEUTRAL, STRICT, FRIENDLY_AXIS or FRIENDLY_ALLIES for territory t now.

    A controlled territory is not neutral. Pacific 1940: every neutral starts strict; the
    first attack by one side makes the remaining ones friendly to the other (P40-E-75,
    P40-C-133). Global 1940: the board's pro-Axis / pro-Allies neutrals, and strict ones
    turned pro-Allies by a first Axis attack (G40-P-39, G40-P-42); Mongolia never becomes
    pro-Axis unless the USSR attacked it (G40-P-37).
    """
    if state.owner[t] != NO_OWNER:
        return NOT_NEUTRAL
    kind = _nk(board, t)
    if kind == B.NK_PRO_AXIS:
        return FRIENDLY_AXIS
    if kind == B.NK_PRO_ALLIES:
        return FRIENDLY_ALLIES
    if kind not in (B.NK_STRICT, B.NK_UNOWNED, B.NK_MONGOLIA):
        return NOT_NEUTRAL
    fam = _family(board)
    hist = state.history
    if fam == _NONE:
        return STRICT
    if hist & H.NEUTRAL_ATTACKED_BY_AXIS:
        return FRIENDLY_ALLIES
    if hist & H.NEUTRAL_ATTACKED_BY_ALLIES:
        if fam == _P40 or not _is_mongolia(board, t) or hist & H.USSR_ATTACKED_MONGOLIA:
            return FRIENDLY_AXIS
    return STRICT


def enter(board, state, power, t, attack, options=None):
    """Record units of `power` entering territory t (attack=True: attacking it).

    Raises RuleError, changing nothing, when a political rule forbids it; otherwise
    records the one-time facts and returns the events (an act of war may start a war).
    Movement geometry (adjacency, ranges) is the players' business on the map.
    """
    fam = _family(board)
    if not (0 <= power < board.power_count and 0 <= t < board.territory_count):
        raise InputError("unknown power or territory")
    if board.is_sea(t):
        return []
    owner = state.owner[t]
    status = neutral_status(board, state, t)
    side = board.side(power)
    japan = _pid(board, JAPAN)
    us = _pid(board, US)
    ussr = _pid(board, USSR)
    china = _pid(board, CHINA)
    hist = state.history
    events = []
    if power == china and china >= 0 and not _open_to_chinese(board, t):
        # P40-E-83 (G40-X-31): "These are the only non-Chinese territories that Chinese
        # units can occupy"
        raise RuleError("P40-E-83", "Chinese units enter only Chinese territories, Kwangtung and Burma")

    if fam == _NONE:
        return _enter_classic(board, state, power, t, attack, options, owner, status, side)
    us_at_war = us >= 0 and state.at_war[us] != 0
    if fam == _P40:
        us_at_war = us >= 0 and japan >= 0 and at_war(state, us, japan)

    # Soviet territory in Pacific 1940: nobody may ever enter (P40-P-31).
    if fam == _P40 and _nk(board, t) == B.NK_SOVIET:
        raise RuleError("P40-P-31", "no unit may enter Soviet territory (non-aggression treaty)")

    war_with = -1  # a power this entry puts `power` at war with (act of war)
    if status != NOT_NEUTRAL:
        hist = _enter_neutral(board, state, power, t, attack, hist, status, side, fam, us, ussr,
                              us_at_war)
    else:
        hist, war_with = _enter_owned(board, state, power, t, attack, options, hist, owner, side,
                                      fam, japan, us, ussr, china, us_at_war)
    # all checks passed: apply
    if war_with >= 0:
        state.history = hist
        events.extend(_make_war(board, state, power, war_with, options, False))
        hist = state.history
    state.history = hist
    return events

def _enter_classic(board, state, power, t, attack, options, owner, status, side):
    """Classic and Revised/LHTR: attacks within a side, neutral territories, the Restricted
    Attack option and the Nonaggression Treaty (CL-P-15, CL-C-93, CL-O-04, LHTR-P-12, LHTR-MV-03)."""
    if attack and board.family == FAM_CLASSIC and options and options.get("restricted_attack") \
            and board.power_name(power) == "Soviet Union" and state.round < 2:
        raise RuleError("CL-O-04", "Restricted Attack: the Soviet Union may not attack until its second turn")
    if attack and owner != NO_OWNER and board.side(owner) == side:
        raise RuleError("CL-P-15" if board.family == FAM_CLASSIC else "LHTR-P-12",
                        "powers of one side never attack each other")
    if status != NOT_NEUTRAL and board.family != FAM_CLASSIC:
        raise RuleError("LHTR-MV-03", "neutral territories are impassable")
    if status != NOT_NEUTRAL and not attack:
        raise RuleError("CL-C-93", "neutral territories may be entered only in combat movement")
    if attack and board.family != FAM_CLASSIC and has_advantage(options, "nonaggression_treaty"):
        return _nonaggression(board, state, power, t)
    return []


def _enter_neutral(board, state, power, t, attack, hist, status, side, fam, us, ussr, us_at_war):
    """A neutral territory in the 1940 games: who may attack or enter it, and the facts an
    attack records (P40-E-74..76, P40-C-133, G40-P-22, G40-P-37..42). Returns the history."""
    if power == us and not us_at_war:
        raise RuleError("P40-P-22" if fam == _P40 else "G40-P-22",
                        "the United States may not attack neutral territories while not at war")
    friendly = (status == FRIENDLY_AXIS and side == AXIS) or (status == FRIENDLY_ALLIES and side == ALLIES)
    if attack:
        if friendly:
            raise RuleError("P40-E-75" if fam == _P40 else "G40-P-42",
                            "a power may not attack a neutral friendly to its side")
        if not (hist & (H.NEUTRAL_ATTACKED_BY_AXIS | H.NEUTRAL_ATTACKED_BY_ALLIES)):
            # P40-E-75, P40-C-133; G40-P-39 (a Japanese attack turns strict neutrals pro-Allies)
            if status == STRICT:
                hist |= H.NEUTRAL_ATTACKED_BY_AXIS if side == AXIS else H.NEUTRAL_ATTACKED_BY_ALLIES
        if power == ussr and _is_mongolia(board, t):
            hist |= H.USSR_ATTACKED_MONGOLIA  # G40-P-37
    else:
        if not friendly:
            raise RuleError("P40-E-76" if fam == _P40 else "G40-P-42",
                            "only a neutral friendly to your side may be entered without attacking it")
        if state.at_war[power] == 0:
            raise RuleError("P40-E-76" if fam == _P40 else "G40-P-42",
                            "only a power at war may move into a friendly neutral")
    return hist


def _enter_owned(board, state, power, t, attack, options, hist, owner, side, fam, japan, us,
                 ussr, china, us_at_war):
    """A territory a power holds in the 1940 games: wars that must exist first, China, the Dutch
    and French territories, the US before its war, the Soviet-Mongolian pact (P40-P-06..23,
    G40-P-02..43). Returns (history, the power this entry puts `power` at war with or -1)."""
    war_with = -1
    if attack and owner != NO_OWNER and power == japan and fam != _P40 and _is_french(board, t):
        if not at_war(state, japan, owner):
            # G40-P-21, G40-X-05: France is a power Japan must be at war with.
            raise RuleError("G40-P-21", "Japan must be at war with France to attack French territories")
    if attack and owner != NO_OWNER:
        if board.side(owner) == side:
            raise RuleError("P40-P-06" if fam == _P40 else "G40-P-02",
                            "a power never attacks a territory of its own side")
        if not at_war(state, power, owner):
            raise RuleError("P40-P-06" if fam == _P40 else "G40-P-02",
                            "a power may not attack a territory of a power it is not at war with")
    if _is_dutch(board, t):
        if attack and side == AXIS and owner == NO_OWNER:
            _japan_may_attack_dutch(board, state, power)
        if power == us and not us_at_war:
            raise RuleError("P40-E-74" if fam == _P40 else "G40-P-22",
                            "the United States may not enter Dutch territories while not at war")
    if _is_french(board, t) and power == japan and attack:
        if _in_names(board, t, FIC):
            hist |= H.JAPAN_ATTACKED_FIC  # P40-E-51, P40-P-13, P40-X-47, G40-E-30
    if _is_china(board, t) and power != china and board.side(power) == ALLIES and japan >= 0 \
            and not at_war(state, power, japan):
        if power in _uk_group(board):
            raise RuleError("P40-P-17" if fam == _P40 else ("G40-P-33" if power == _pid(board, ANZAC) else "G40-P-30"),
                            "the UK and ANZAC may not move into China while not at war with Japan")
        if power == us:
            raise RuleError("P40-P-23" if fam == _P40 else "G40-P-22",
                            "the United States may not move into China while not at war with Japan")
        if fam == _P40 or _opt(options, "g40_act_of_war") == "forbid":
            raise RuleError("P40-P-14" if fam == _P40 else "G40-P-17",
                            "Japan treats moving into China as an act of war")
        war_with = japan  # G40-P-17, G40-X-30: an act of war starts the war at once
    if not attack and owner != NO_OWNER and owner != power and us >= 0 and not us_at_war:
        if power == us:
            # P40-P-22 / G40-P-43: the US not at war may not enter another power's territories.
            raise RuleError("P40-P-22" if fam == _P40 else "G40-P-43",
                            "the United States may not enter another power's territory while not at war")
        if owner == us:
            # P40-P-23 / G40-P-43: no other power may enter US territories while the US is not at war.
            raise RuleError("P40-P-23" if fam == _P40 else "G40-P-43",
                            "no power may enter United States territory while the US is not at war")
    if fam != _P40 and _open_to_chinese(board, t):
        germany = _pid(board, GERMANY)
        italy = _pid(board, ITALY)
        if power == germany:
            hist |= H.GERMANY_ENTERED_CHINA  # G40-P-28, G40-X-31
        elif power == italy:
            hist |= H.ITALY_ENTERED_CHINA
    if attack and fam != _P40 and owner != NO_OWNER:
        # Soviet-Mongolian pact (G40-P-38, G40-P-39).
        near = False
        for a in board.adjacent(t):
            if _is_mongolia(board, a):
                near = True
                break
        if power == japan and owner == ussr and near and not (hist & H.MONGOLIA_PACT_DONE):
            hist |= H.MONGOLIA_PACT_TRIGGERED
        if power == ussr and owner == japan and (near or _in_names(board, t, KOREA)):
            if _mongolia_strict(board, state):
                hist |= H.USSR_ATTACKED_NEAR_MONGOLIA
    return hist, war_with


def has_advantage(options, name):
    """True if the Revised/LHTR national advantage `name` is in play (LHTR-O-01, LHTR-O-02)."""
    if not options:
        return False
    nas = options.get("national_advantages")
    return bool(nas) and name in nas


def _nonaggression(board, state, power, t):
    """LHTR-O-11, LHTR-CHG-NA-01: the USSR loses the advantage if it attacks Japan on land
    first (the LHTR FAQ: an orange territory, any Japanese-controlled territory or Japanese
    units on land). Japan's attacks on red territories and the USSR's choice of where its 4
    free infantry go are ledger/treaty.py's. Returns the events."""
    if state.history & H.NONAGGRESSION_OVER:
        return []
    japan = _pid(board, JAPAN)
    ussr = _pid(board, USSR)
    if power == ussr and (state.owner[t] == japan or _original_owner(board, t) == japan):
        state.history |= H.NONAGGRESSION_OVER
    return []


def capture_facts(board, state, captor, t):
    """Record the political facts of `captor` taking territory t (called after the capture);
    returns events.

    A capture is also an attack (or an entry): the one-time facts `enter` records for an
    attack are recorded here too when the caller did not call `enter` (French Indo-China,
    a first attack on a neutral, the Mongolian pact triggers, European Axis units in a
    territory open to Chinese units).

    An Axis capture of London lets the USSR declare early (G40-P-11); of London or any
    North American territory lets the US declare (G40-P-23 ii). The first liberation of the
    territory France by the Allies gives France its free units worth up to 12 IPCs, once per
    game (G40-U-04, G40-X-37): (EV_TROOP_BONUS, france, t, 12).
    """
    fam = _family(board)
    if fam == _NONE:
        return []
    hist = _attack_facts(board, state, captor, t, state.history)
    events = []
    if fam == _P40:
        state.history = hist
        return events
    if board.side(captor) == AXIS:
        if _in_names(board, t, LONDON):
            hist |= H.AXIS_TOOK_LONDON | H.AXIS_TOOK_LONDON_OR_NA
        elif _in_names(board, t, NORTH_AMERICA):
            hist |= H.AXIS_TOOK_LONDON_OR_NA
        us = _pid(board, US)
        if hist != state.history and us >= 0 and state.at_war[us] == 0 \
                and not (state.history & H.AXIS_TOOK_LONDON_OR_NA):
            events.append((EV_US_MAY_DECLARE,))
    else:
        france = _pid(board, FRANCE)
        if france >= 0 and _in_names(board, t, FRANCE_T) and not (hist & H.FRENCH_TROOP_BONUS_PAID):
            hist |= H.FRENCH_TROOP_BONUS_PAID
            events.append((EV_TROOP_BONUS, france, t, 12))
    state.history = hist
    return events


def _attack_facts(board, state, captor, t, hist):
    """History bits a capture of t by `captor` implies (the territory's new owner is set)."""
    fam = _family(board)
    japan = _pid(board, JAPAN)
    ussr = _pid(board, USSR)
    side = board.side(captor)
    if captor == japan and _in_names(board, t, FIC):
        hist |= H.JAPAN_ATTACKED_FIC
    kind = _nk(board, t)
    if _original_owner(board, t) < 0 and kind in (B.NK_STRICT, B.NK_UNOWNED, B.NK_MONGOLIA):
        if not (hist & (H.NEUTRAL_ATTACKED_BY_AXIS | H.NEUTRAL_ATTACKED_BY_ALLIES)):
            hist |= H.NEUTRAL_ATTACKED_BY_AXIS if side == AXIS else H.NEUTRAL_ATTACKED_BY_ALLIES
        if captor == ussr and _is_mongolia(board, t):
            hist |= H.USSR_ATTACKED_MONGOLIA
    if fam in (_G40, _G40V):
        if _open_to_chinese(board, t):
            if captor == _pid(board, GERMANY):
                hist |= H.GERMANY_ENTERED_CHINA
            elif captor == _pid(board, ITALY):
                hist |= H.ITALY_ENTERED_CHINA
        near = False
        for a in board.adjacent(t):
            if _is_mongolia(board, a):
                near = True
                break
        if captor == japan and near and _original_owner(board, t) == ussr \
                and not (hist & H.MONGOLIA_PACT_DONE):
            hist |= H.MONGOLIA_PACT_TRIGGERED
        if captor == ussr and (near or _in_names(board, t, KOREA)) and _original_owner(board, t) == japan:
            if _mongolia_strict(board, state):
                hist |= H.USSR_ATTACKED_NEAR_MONGOLIA
    return hist


def convert_neutral(board, state, power, t):
    """P40-E-76: a power at war moves land units into a friendly neutral (noncombat);
    at the end of Noncombat Move it becomes that power's, with its standing army.
    Sets state.owner[t]; returns [(EV_CONVERTED, power, t)] (the ledger places the army)."""
    fam = _family(board)
    status = neutral_status(board, state, t)
    friendly = (status == FRIENDLY_AXIS and board.side(power) == AXIS) or \
               (status == FRIENDLY_ALLIES and board.side(power) == ALLIES)
    rule = "P40-E-76" if fam == _P40 else "G40-P-42"
    if not friendly:
        raise RuleError(rule, "only a neutral friendly to your side can be converted")
    if state.at_war[power] == 0:
        raise RuleError(rule, "only a power at war may convert a friendly neutral")
    if power == _pid(board, CHINA) and not _open_to_chinese(board, t):
        raise RuleError("P40-E-83", "Chinese units enter only Chinese territories, Kwangtung and Burma")
    state.owner[t] = power
    return [(EV_CONVERTED, power, t)]


def end_of_combat(board, state):
    """At the end of Japan's Conduct Combat phase: the Soviet-Mongolian defense pact.

    If Japan attacked a Soviet territory next to Mongolia this turn, every Mongolian
    territory still strict neutral or pro-Allies goes to the USSR as if converted, whatever
    the relations of the USSR and Japan (G40-P-38) -- unless the USSR attacked Korea or a
    Japanese territory bordering Mongolia while Mongolia was strict neutral (G40-P-39).
    Returns [(EV_CONVERTED, ussr, t), ...].
    """
    hist = state.history
    if not (hist & H.MONGOLIA_PACT_TRIGGERED) or hist & H.MONGOLIA_PACT_DONE:
        return []
    ussr = _pid(board, USSR)
    events = []
    if not (hist & H.USSR_ATTACKED_NEAR_MONGOLIA) and ussr >= 0:
        for t in _tids(board, MONGOLIA):
            if state.owner[t] != NO_OWNER:
                continue
            if neutral_status(board, state, t) in (STRICT, FRIENDLY_ALLIES):
                state.owner[t] = ussr
                events.append((EV_CONVERTED, ussr, t))
    state.history = hist | H.MONGOLIA_PACT_DONE
    return events


def _japan_may_attack_dutch(board, state, power):
    """P40-E-73 / P40-P-12 / G40-P-20: Japan (the Axis) may attack Dutch territories only
    while at war with the UK and ANZAC; in the variant with UK Pacific (G40-V-08)."""
    fam = _family(board)
    if fam == _G40V:
        need = [_pid(board, UKP)]
        rule = "G40-V-08"
    else:
        need = [q for q in (_pid(board, UK), _pid(board, ANZAC)) if q >= 0]
        rule = "P40-E-73" if fam == _P40 else "G40-P-20"
    for q in need:
        if q >= 0 and not at_war(state, power, q):
            raise RuleError(rule, "Dutch territories may be attacked only while at war with the UK and ANZAC")


def can_take_dutch(board, state, power, t):
    """Raise RuleError unless `power` may take control of uncontrolled Dutch territory t.

    The UK or ANZAC by moving land units in (guardianship, P40-E-71, G40-P-31, G40-P-33);
    in the variant the UK gains no income from it unless it liberates it from the Axis
    (G40-P-41), so it never takes control this way. An Axis power by attacking it while at
    war with the UK and ANZAC (P40-E-73, G40-P-20; variant: UK Pacific, G40-V-08).
    """
    fam = _family(board)
    if fam == _NONE or not _is_dutch(board, t):
        raise RuleError("P40-E-70" if fam == _P40 else "G40-P-40", "not a Dutch territory")
    if state.owner[t] != NO_OWNER:
        raise RuleError("P40-E-72" if fam == _P40 else "G40-P-31",
                        "this Dutch territory is already controlled; it can only be captured")
    if board.side(power) == AXIS:
        _japan_may_attack_dutch(board, state, power)
        return True
    if fam == _G40V:
        raise RuleError("G40-P-41", "in this variant the UK gains Dutch territories only by liberating them")
    if power not in _uk_group(board):
        raise RuleError("P40-E-71" if fam == _P40 else "G40-P-31",
                        "only the UK and ANZAC hold the Dutch guardianship")
    return True


def at_war_pairs(board, state):
    """Tuple of (a, b) power pairs at war, a < b, in id order (for summaries)."""
    out = []
    for a in range(board.power_count):
        for b in range(a + 1, board.power_count):
            if state.at_war[a] & (1 << b):
                out.append((a, b))
    return tuple(out)
