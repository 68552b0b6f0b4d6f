"""Optional battle rules: the Revised / LHTR national advantages that change a battle.

Loaded only when a battle is given national advantages (device heap), by
engine_core/battle/steps.py. Options of `Battle` read here:

  attacker_na, defender_na   tuples of advantage names held by the attacking power / by the
                             defending side's powers (LHTR-O-*; a power may not share them with
                             allies, LHTR-O-02: the battle's defender_teched names how many units
                             of each type a defending one changes are of the power holding it):
      "atlantic_wall"        LHTR-O-21  defending infantry at 3 in the first cycle of an
                                        amphibious assault on a gray territory
      "panzerblitz"          LHTR-O-22  result["panzerblitz"]: surviving attacking tanks that may
                                        move 1 in NCM when every defender died in one cycle
      "wolf_packs"           LHTR-O-23, LHTR-CHG-NA-02  attacking subs at 3 (4 with Super
                                        Submarines) in a cycle that starts with 2 or more of them
      "dive_bomber"          LHTR-O-24  attacking fighters at 5 in the first cycle unless the
                                        defender has fighters when it starts
      "fortress_europe"      LHTR-O-25  defending artillery at 3 in a gray territory
      "kamikaze", "kaiten"   LHTR-O-41, LHTR-O-42, LHTR-CHG-NA-04  fighters / subs named at the
                                        start of a sea battle, one target each (named by Japan,
                                        LHTR-A-28), first-cycle opening fire at 4 / 3 (5 on
                                        defense with Jets, LHTR-A-32; 4 attacking with Super
                                        Submarines), never hit, all lost after the first cycle
      "powerful_battleships" LHTR-O-43, LHTR-CHG-NA-03  battleships attack (and bombard) and
                                        defend at 5
      "dug_in"               LHTR-O-44  defending infantry at 3 on an island
      "banzai"               LHTR-O-45  infantry at 2 when every attacking unit of the land
                                        battle is infantry (bombarding ships do not count)
      "marines"              LHTR-O-52  attacking infantry at 2 in the first cycle of the land
                                        battle of an amphibious assault, artillery or not
      "radar"                LHTR-O-30  the defending (UK-owned) AA gun in a tan territory hits
                                        aircraft on 1 or 2 (battle and overflight)
      "superfortresses"      LHTR-O-55, LHTR-CHG-NA-05  AA fire rolls two dice at each
                                        attacking bomber: down only if they total 3 or less
  sea_defender_na            an assault's sea part: the advantages of the launch zone's
                             power(s) in place of defender_na (held in land_na till the land part)
  bombard_may_hit_air        LHTR-A-05: False keeps bombardment hits on land units (default
                             True: the combat sequence's "land and air units" governs)
  defender_strikers          {unit: count}: of a sea battle's defending fighters / subs, how many
                             are Japan's, the ones it may name (LHTR-O-41/42, LHTR-O-02; a
                             type not named: all)
  defender_strikers_teched   {unit: count}: of Japan's defending fighters / subs there, how many
                             carry its Jet Fighters / Super Submarines (LHTR-T-06, LHTR-A-32: a
                             kamikaze hits on 5 with Japan's own Jets; those left keep theirs):
                             all or none; unstated: all whenever defender_teched leaves room
                             (engine_core/battle/na_strikes.py setup_teched)
  space                      tuple of facts about the territory: "gray" (a gray territory still
                             held by Germany), "island", "tan" (a tan territory held by the UK)

The named kamikazes / kaitens (engine_core/battle/na_strikes.py) are asked with a P_KAMIKAZE
prompt of the Japanese side at the start of a sea battle: the answer is a list of
(striker, target) or (striker, target, number) entries, striker "fighter" or "submarine",
target an enemy ship type, number which ship of that type (damaged ones first); default: none.
"""

from engine_core import units as uu
from engine_core import events as ev
from engine_core.errors import InputError
from engine_core.editions import FAM_LHTR
from engine_core.battle.advantage_bits import (NA_NAMES, NA_ATLANTIC, NA_PANZER, NA_WOLF, NA_STUKA,
    NA_FORTRESS, NA_KAMIKAZE, NA_KAITEN, NA_BATTLESHIPS, NA_DUG_IN, NA_BANZAI, NA_MARINES,
    NA_RADAR, NA_SUPERFORT, NA_WINTER, NA_POWERS, SPACE_NAMES, SP_GRAY, SP_ISLAND, SP_TAN,
    name_bits)
from engine_core.battle.base import ATTACKER, DEFENDER, K_AMPHIBIOUS, K_SEA, tech_table


def for_powers(advantages, attacker_power, defender_power, winter=False):
    """The battle options for the advantages in play (chosen at game set-up; names outside
    NA_NAMES, like the economy ones, are left to the ledger): those of the attacking power
    and those of the defending power (power names as the board prints them). Russian Winter
    counts only while declared (`winter`: advantages.winter_active(game.state))."""
    att = []
    dfn = []
    for nm in advantages or ():
        if nm == "russian_winter" and not winter:
            continue
        if nm in NA_NAMES:
            who = NA_POWERS[NA_NAMES.index(nm)]
            if who == attacker_power:
                att.append(nm)
            if who == defender_power:
                dfn.append(nm)
    return {"attacker_na": tuple(att), "defender_na": tuple(dfn)}


def space_facts(board, t, holder):
    """The `space` option for territory t held by power `holder` (an id): "gray" / "tan" when
    it is an original German / UK territory still held by that power (an advantage naming a
    colour counts only while its power holds the territory), "island" from the map (Japan, the
    UK and Australia are not islands, LHTR-O-44)."""
    out = []
    o = board.original_owner(t)
    if o >= 0 and o == holder:
        nm = board.power_name(o)
        if nm == "Germany":
            out.append("gray")
        elif nm == "United Kingdom":
            out.append("tan")
    if board.is_island(t):
        out.append("island")
    return tuple(out)


def setup(b, options):
    """Read the national-advantage options into the battle (called by Battle.__init__)."""
    if b.family != FAM_LHTR:
        raise InputError("national advantages and bombard_may_hit_air are Revised / LHTR options")
    b.na = [name_bits(options.get("attacker_na"), NA_NAMES, "national advantage"),
            name_bits(options.get("defender_na"), NA_NAMES, "national advantage")]
    b.space = name_bits(options.get("space"), SPACE_NAMES, "space fact")
    sea = options.get("sea_defender_na")
    if sea is not None:
        # an assault's sea part: the launch zone's power's own advantages (LHTR-O-02: a power
        # may not share them); the land owner's come back with the land part
        sea = name_bits(sea, NA_NAMES, "national advantage")
        if b.kind == K_AMPHIBIOUS and b.part == 0 and sea != b.na[DEFENDER]:
            b.land_na = b.na[DEFENDER]
            b.na[DEFENDER] = sea
    blank(b)
    b.bombard_air = 0 if options.get("bombard_may_hit_air") is False else 1   # LHTR-A-05
    if options.get("defender_strikers") is not None:
        _strikers(b, options.get("defender_strikers"))
    st = options.get("defender_strikers_teched")
    if st is not None or (b.split() and b.kind == K_SEA and b.na[DEFENDER] & (NA_KAMIKAZE | NA_KAITEN)):
        from engine_core.battle import na_strikes
        na_strikes.setup_teched(b, st)
    # an assault's sea battle (its part 0): the launch zone's strikers, as a sea battle's; the
    # landing has none (never a sea battle; amphibious.to_land_part drops them)
    ss = options.get("sea_defender_strikers")
    st = options.get("sea_defender_strikers_teched")
    if (ss is not None or st is not None) and b.part == 0:
        if ss is not None:
            _strikers(b, ss, "sea_defender_strikers")
        if st is not None or (b.split() and b.na[DEFENDER] & (NA_KAMIKAZE | NA_KAITEN)):
            from engine_core.battle import na_strikes
            na_strikes.setup_teched(b, st, "sea_defender_strikers_teched")


def _strikers(b, spec, key="defender_strikers"):
    """defender_strikers: of a sea battle's defending fighters / subs, how many are Japan's
    (LHTR-O-41: "Japan may name any number of its fighters"; LHTR-O-42 the same with subs; a
    type not named: all; key sea_defender_strikers: an assault's sea battle, the same). Kept
    as b.foreign, per type the defenders of another power, that
    Japan may not name; None when there are none (the battle saves as without the option)."""
    if b.kind != (K_SEA if key == "defender_strikers" else K_AMPHIBIOUS):
        raise InputError(key + ": the defenders of a sea battle (LHTR-O-41, LHTR-O-42)")
    if not isinstance(spec, (dict, list, tuple)):
        raise InputError(key + ": {unit: count}")
    v = b._vec(spec)
    keys = [k for k in spec] if isinstance(spec, dict) else [it[0] for it in spec]
    foreign = [0] * b.n
    for k in keys:
        u = k if isinstance(k, int) else b.board.unit_id(k)
        ab = b.units[u][uu.U_ABILITIES]
        if not (ab & uu.AB_FIGHTER and b.na[DEFENDER] & NA_KAMIKAZE or
                ab & uu.AB_SUBMARINE and b.na[DEFENDER] & NA_KAITEN):
            raise InputError(key + ": the defenders' fighters (kamikaze) and subs "
                             "(kaiten) of an advantage in play, not " + _name(b, u))
        if v[u] > b.alive[DEFENDER][u]:
            raise InputError(key + ": more " + _name(b, u) + " than defend")
        foreign[u] = b.alive[DEFENDER][u] - v[u]
    b.foreign = foreign if sum(foreign) else None


def blank(b):
    z = b.n
    b.wolf = 0          # wolf packs bonus this cycle
    b.stuka = 0         # dive-bomber bonus this cycle
    b.banzai = 0        # 0 unknown, 1 no, 2 yes (judged when the land battle starts)
    b.strike = [[0] * z, [0] * z]      # named kamikazes / kaitens (out of the battle board)
    b.na_cas = [[0] * z, [0] * z]      # their victims, removed in step 3 whatever destroyers say
    b.plan = []                        # (side, striker unit, target unit, target number)
    b.bombard_air = 1


def bombard_targets(b):
    """LHTR-A-05 with bombard_may_hit_air False: bombardment hits go on land units only."""
    v = b.targets(DEFENDER)
    if not b.bombard_air:
        for u in range(b.n):
            if b.units[u][uu.U_KIND] != uu.LAND:
                v[u] = 0
    return v


def _name(b, u):
    return b.units[u][uu.U_NAME]


def start_cycle(b):
    """At the start of each cycle: Wolf Packs counts subs, Dive-Bomber looks for fighters."""
    a = b.alive[ATTACKER]
    d = b.alive[DEFENDER]
    subs = 0
    dfight = 0
    for u in range(b.n):
        ab = b.units[u][uu.U_ABILITIES]
        if ab & uu.AB_SUBMARINE:
            subs += a[u] - b.cas[ATTACKER][u]
        if ab & uu.AB_FIGHTER:
            dfight += d[u] - b.cas[DEFENDER][u]
    if b.flags & uu.CF_NA_FAQ_ORIGINAL:
        # Revised (the FAQ's original answer, LHTR-CHG-NA-02): "the wolf pack bonus still
        # applies if there were three or more when the battle started"
        if b.round == 1:
            b.wolf = 1 if (b.na[ATTACKER] & NA_WOLF and subs >= 3) else 0
    else:
        b.wolf = 1 if (b.na[ATTACKER] & NA_WOLF and subs >= 2) else 0   # LHTR-CHG-NA-02
    b.stuka = 1 if (b.na[ATTACKER] & NA_STUKA and b.round == 1 and dfight == 0) else 0
    if b.is_land_battle() and b.banzai == 0:
        only = b.na[ATTACKER] & NA_BANZAI
        any_ = False
        for u in range(b.n):
            if a[u]:
                any_ = True
                if _name(b, u) != "infantry":
                    only = 0
        b.banzai = 2 if (only and any_) else 1


def value(b, side, u, v, own=True):
    """A unit's combat value under the national advantages (v: the value without them). `own`
    False: a defending unit of another power than the one whose advantage changes its type
    (defender_teched; LHTR-O-02: a power may not share its advantages)."""
    na = b.na[side]
    if not na or not own and side == DEFENDER:
        return v
    nm = _name(b, u)
    land = b.is_land_battle()
    if side == ATTACKER:
        if nm == "submarine" and b.wolf:
            supers = b.tech[side] and b.tech[side] & tech_table().SUPER_SUBS
            return 4 if supers else 3                              # LHTR-O-23
        if nm == "fighter" and b.stuka and b.round == 1:
            return 5                                               # LHTR-O-24
        if nm == "battleship" and na & NA_BATTLESHIPS:
            return 5                                               # LHTR-O-43
        if nm == "infantry" and land:
            if na & NA_MARINES and b.kind == K_AMPHIBIOUS and b.round == 1:
                return 2                                           # LHTR-O-52
            if na & NA_BANZAI and b.banzai == 2:
                return 2                                           # LHTR-O-45
        return v
    if nm == "battleship" and na & NA_BATTLESHIPS:
        return 5                                                   # LHTR-O-43
    if land and nm == "infantry":
        if na & NA_WINTER:
            return 3 if v < 3 else v                               # LHTR-O-10
        if na & NA_DUG_IN and b.space & SP_ISLAND:
            return 3 if v < 3 else v                               # LHTR-O-44
        if na & NA_ATLANTIC and b.space & SP_GRAY and b.kind == K_AMPHIBIOUS and b.round == 1:
            return 3 if v < 3 else v                               # LHTR-O-21
    if land and nm == "artillery" and na & NA_FORTRESS and b.space & SP_GRAY:
        return 3 if v < 3 else v                                   # LHTR-O-25
    return v


def aa_mods(b, groups, hv, per):
    """AA fire by aircraft type (LHTR): Radar's hit value, Superfortresses' two dice."""
    for gi in range(len(groups)):
        u = groups[gi][0]
        if u < 0:
            continue
        if b.units[u][uu.U_ABILITIES] & uu.AB_STRATEGIC and b.na[ATTACKER] & NA_SUPERFORT:
            hv[gi] = 3                                             # LHTR-O-55: total <= 3
            per[gi] = 0 if b.flags & uu.CF_NA_FAQ_ORIGINAL else 2  # Revised FAQ: "No." (CHG-NA-05)
        elif b.na[DEFENDER] & NA_RADAR and b.space & SP_TAN and _uk_gun(b):
            hv[gi] = 2                                             # LHTR-O-30


def _uk_gun(b):
    """Radar's UK-owned AA gun is there (LHTR-O-30); of several, the one that fires is the
    defenders' choice (LHTR-U-10): theirs whenever they have one (defender_teched)."""
    if not b.split():
        return True
    for u in range(b.n):
        if b.units[u][uu.U_ABILITIES] & uu.AB_AA and b.n_teched(DEFENDER, u, b.alive[DEFENDER][u]):
            return True
    return False


def bombard_value(b, u, v):
    if b.na[ATTACKER] & NA_BATTLESHIPS and _name(b, u) == "battleship":
        return 5                                                   # LHTR-O-43: attack at 5
    return v


# ----- kamikazes and kaitens (LHTR-O-41, LHTR-O-42)

def _japan(b):
    for side in (ATTACKER, DEFENDER):
        if b.na[side] & (NA_KAMIKAZE | NA_KAITEN):
            return side
    return -1


def ask(b):
    """At the start of a sea battle: Japan names its kamikazes / kaitens (LHTR-O-41/42, in
    engine_core/battle/na_strikes.py, loaded only then). False: prompt set."""
    if b.is_land_battle():
        return True
    side = _japan(b)
    if side < 0:
        return True
    from engine_core.battle import na_strikes
    return na_strikes.ask(b, side)


def fire(b, dice):
    """First-cycle opening fire of the named strikes (engine_core/battle/na_strikes.py)."""
    if b.hits == "struck" or not b.plan:
        if b.hits == "struck":
            b.hits = None
        return True
    from engine_core.battle import na_strikes
    return na_strikes.fire(b, dice)


def remove_victims(b):
    """Step 3: strike victims go whatever destroyers are present (they are not sub victims)."""
    for side in (ATTACKER, DEFENDER):
        for u in range(b.n):
            k = b.na_cas[side][u]
            if k:
                b.na_cas[side][u] = 0
                b.cas[side][u] -= k
                b._kill(side, u, k)


def strikers_die(b):
    """After the first cycle every kamikaze and kaiten is lost, hit or miss."""
    for side in (ATTACKER, DEFENDER):
        for u in range(b.n):
            k = b.strike[side][u]
            if k:
                b.strike[side][u] = 0
                b.lost[side][u] += k
                b._emit((ev.E_CASUALTY, side, u, k))


def pending(b):
    return sum(b.strike[0]) + sum(b.strike[1]) > 0


def finish(b, result):
    if b.na[ATTACKER] & NA_PANZER:
        tanks = 0
        if result["outcome"] == 1 and b.is_land_battle() and b.round == 1:
            for u in range(b.n):
                if _name(b, u) == "armor":
                    tanks += b.alive[ATTACKER][u]
        result["panzerblitz"] = tanks                             # LHTR-O-22


# ----- state bytes (appended by engine_core/battle/serial.py to_bytes)

def pack(b, put, vec):
    put(b.na[0])
    put(b.na[1])
    put(b.bombard_air)
    put(b.space)
    put(b.wolf)
    put(b.stuka)
    put(b.banzai)
    vec(b.strike[0])
    vec(b.strike[1])
    vec(b.na_cas[0])
    vec(b.na_cas[1])
    put(len(b.plan))
    for t in b.plan:
        for x in t:
            put(x)


def unpack(b, get, vec):
    b.na = [get(), get()]
    b.bombard_air = get()
    b.space = get()
    b.wolf = get()
    b.stuka = get()
    b.banzai = get()
    b.strike = [vec(), vec()]
    b.na_cas = [vec(), vec()]
    b.plan = [tuple(get() for _ in range(4)) for _ in range(get())]
