"""The battle set-up's checks and facts that only some battles need, loaded only by them (device
heap: session.py stays resident): an amphibious assault's sea part, the scramble's air bases from
the game's facilities (P40-C-20, P40-U-67), the naval base's free repair (P40-U-66).
Unloaded with the battle (session.BATTLE_MODULES)."""


def air_bases(session, zone, attacker):
    """The defender's operative air bases that may scramble into `zone` (from the game's
    facilities: economy.scramble_bases, P40-C-20/23, P40-U-67); refused when there is none."""
    from engine_core.errors import RuleError
    from engine_core.ledger import economy
    board = session.board
    them = -1
    for p in range(board.power_count):
        if board.side(p) != board.side(attacker):
            them = p
    bases = economy.scramble_bases(board, session.game.state, zone, them, session.game.options) \
        if zone >= 0 and them >= 0 else []
    if not bases:
        raise RuleError("P40-C-20", "no working air base beside " +
                        (board.territory_name(zone) if zone >= 0 else "the zone") + " to scramble from")
    return len(bases)


def repair_note(session, kind, territory, options):
    """P40-U-66: damaged ships of a side with an operative naval base beside this sea zone
    are repaired free at their owner's Purchase & Repair: a note (the device cannot know
    whether they were here then, so it does not refuse them)."""
    g = session.game
    if g is None or territory < 0 or kind != "sea" or not options:
        return ""
    from engine_core.ledger import economy
    board = session.board
    ap = board.power_id(g.summary()["power"])
    for key, mine in (("attacker_damaged", True), ("defender_damaged", False)):
        if not options.get(key):
            continue
        for p in range(board.power_count):
            if (board.side(p) == board.side(ap)) == mine and \
                    economy.free_repair(board, g.state, territory, p):
                return "P40-U-66: " + ("A" if mine else "D") + " repairs here at Purchase"
    return ""


def check(board, kind, opts):
    """The set-up's assault and scramble parts (session.check_battle)."""
    from engine_core.errors import RuleError
    if kind == "amphibious":
        check_assault(board, opts)
    bases = opts.get("air_bases", 1)
    if _total(opts.get("scramble")) > 3 * bases:
        raise RuleError("P40-C-20", "%d air bases: at most %d planes scramble" % (bases, 3 * bases))


def check_assault(board, opts):
    """An amphibious assault's sea part as entered: a sea battle only against defenders in the
    launch zone (or scrambled planes, 1940); no bombardment after it (CL-C-42, LHTR-C-44,
    P40-C-60); the seaborne units aboard the transports that fight it (CL-U-71, LHTR-U-71,
    P40-U-58: Classic 1-2 infantry or one other unit; else one unit plus one infantry)."""
    from engine_core.errors import RuleError
    from engine_core.ledger.economy import rid
    from engine_core import units as uu
    from engine_core.editions import FAM_CLASSIC, FAM_1940
    sea_d = _total(opts.get("sea_defender"))
    scramble = _total(opts.get("scramble")) if board.family == FAM_1940 else 0
    if not sea_d and not scramble:
        if _total(opts.get("sea_attacker")):
            raise RuleError(rid(board, "CL-C-41", "LHTR-C-41", "P40-C-57"),
                            "no enemy ships in the launch zone: no sea battle")
        return
    if sea_d and opts.get("bombard"):
        raise RuleError(rid(board, "CL-C-42", "LHTR-C-44", "P40-C-60"),
                        "no bombardment after a sea battle in the launch zone")
    seaborne = opts.get("seaborne") or {}
    if not _total(seaborne):
        return
    holds = 0
    for name in opts.get("sea_attacker") or {}:
        if board.units[board.unit_id(name)][uu.U_ABILITIES] & uu.AB_TRANSPORT:
            holds += opts["sea_attacker"][name]
    inf = seaborne.get("infantry", 0)
    other = _total(seaborne) - inf
    loads = other + (inf + 1) // 2 if board.family == FAM_CLASSIC else \
        other + (max(0, inf - other) + 1) // 2
    if loads > holds:
        raise RuleError(rid(board, "CL-U-71", "LHTR-U-71", "P40-U-58"),
                        "the seaborne units need %d transports in the sea battle, not %d" % (loads, holds))


def _total(units):
    n = 0
    for k in units or {}:
        n += units[k]
    return n
