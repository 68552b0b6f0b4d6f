"""Static gate: engine_core and board_defs stay inside the MicroPython subset.

Parses every module's imports (and a few syntax forms) with `ast` and reports
anything outside the allowed set, naming the file and line. Used by
tests/host/test_import_gate.py, which runs it on the real tree and on
temporary bad modules.
"""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The MicroPython-available stdlib the engine may use (DEVELOPERS brief / issue 2).
STDLIB_ALLOWED = ("gc", "micropython", "sys", "struct", "json", "math", "time", "array")
# Host-only parts of engine_core: never imported on the device, exempt from the subset.
HOST_ONLY = ("engine_core/__main__.py", "engine_core/host/")

RULES = {
    # tree: modules of the project it may import
    "engine_core": ("engine_core", "board_defs"),
    "board_defs": ("board_defs", "engine_core"),
}


def _is_host_only(rel):
    rel = rel.replace(os.sep, "/")
    for h in HOST_ONLY:
        if rel == h or rel.startswith(h):
            return True
    return False


def _guarded(node, parents):
    """True when the import sits in a `try:` whose handler catches ImportError
    (the documented way to use typing annotations on the host only)."""
    for p in parents:
        if isinstance(p, ast.Try):
            for h in p.handlers:
                names = []
                if isinstance(h.type, ast.Name):
                    names = [h.type.id]
                elif isinstance(h.type, ast.Tuple):
                    names = [e.id for e in h.type.elts if isinstance(e, ast.Name)]
                if "ImportError" in names or "Exception" in names:
                    return True
    return False


def check_source(source, rel, tree_name):
    """Problems in one module's source, as 'file:line: message' strings."""
    try:
        tree = ast.parse(source, rel)
    except SyntaxError as e:
        return ["%s:%s: syntax error: %s" % (rel, e.lineno, e.msg)]
    allowed_project = RULES[tree_name]
    problems = []

    def visit(node, parents):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif node.level:  # relative import stays inside the package
                mods = []
            else:
                mods = [node.module or ""]
            for mod in mods:
                top = mod.split(".")[0]
                if top in allowed_project:
                    if top == "engine_core" and (mod == "engine_core.__main__" or mod.startswith("engine_core.host")):
                        problems.append("%s:%d: imports host-only module %s" % (rel, node.lineno, mod))
                    continue
                if top in STDLIB_ALLOWED:
                    continue
                if _guarded(node, parents):
                    continue
                problems.append("%s:%d: imports %s, which is outside the MicroPython subset allowed in %s/ "
                                "(allowed: the project's own modules and %s)"
                                % (rel, node.lineno, mod, tree_name, ", ".join(STDLIB_ALLOWED)))
        if type(node).__name__ == "Match":
            problems.append("%s:%d: uses a `match` statement, which MicroPython does not have" % (rel, node.lineno))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("eval", "exec"):
            problems.append("%s:%d: calls %s(), not allowed in the engine" % (rel, node.lineno, node.func.id))
        for child in ast.iter_child_nodes(node):
            visit(child, parents + [node])

    visit(tree, [])
    return problems


def check_tree(root=ROOT):
    problems = []
    for tree_name in ("engine_core", "board_defs"):
        for base, dirs, files in os.walk(os.path.join(root, tree_name)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for f in sorted(files):
                if not f.endswith(".py"):
                    continue
                path = os.path.join(base, f)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                if _is_host_only(rel):
                    continue
                with open(path, encoding="utf-8") as fh:
                    problems.extend(check_source(fh.read(), rel, tree_name))
    return problems


# ---------------------------------------------------------------------------------------
# The structure: no import cycle, no private name across modules, empty package __init__s

STRUCTURE_TREES = ("engine_core", "board_defs", "firmware")


def _module_files(root, trees):
    """{module name: path} of every .py file under the trees."""
    out = {}
    for tree_name in trees:
        for base, dirs, files in os.walk(os.path.join(root, tree_name)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for f in sorted(files):
                if f.endswith(".py"):
                    path = os.path.join(base, f)
                    rel = os.path.relpath(path, root).replace(os.sep, "/")[:-3]
                    name = rel.replace("/", ".")
                    if name.endswith(".__init__"):
                        name = name[: -len(".__init__")]
                    out[name] = path
    return out


def _imports(tree, modules):
    """(line, importer-visible target module, names taken) of every import of a project module,
    at any depth (an import inside a function is still an edge: the lazy one closes cycles)."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in modules:
                    out.append((node.lineno, a.name, (), a.asname or a.name))
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module in modules:
            for a in node.names:
                sub = node.module + "." + a.name
                if sub in modules:  # `from pkg import module`
                    out.append((node.lineno, sub, (), a.asname or a.name))
                else:
                    out.append((node.lineno, node.module, (a.name,), None))
    return out


def import_graph(root=ROOT, trees=STRUCTURE_TREES):
    """{module: {imported project module: first line}} over the trees."""
    modules = _module_files(root, trees)
    graph = {}
    for name in sorted(modules):
        with open(modules[name], encoding="utf-8") as fh:
            tree = ast.parse(fh.read(), modules[name])
        edges = {}
        for line, target, _names, _alias in _imports(tree, modules):
            if target != name and target not in edges:
                edges[target] = line
        graph[name] = edges
    return graph


def cycles(graph):
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index = {}
    low = {}
    stack = []
    on = set()
    found = []
    counter = [0]

    def strong(v):
        # iterative Tarjan: the engine's graph is small, but recursion depth is not ours to spend
        work = [(v, iter(sorted(graph.get(v, ()))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        while work:
            node, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    advanced = True
                    break
                if w in on:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return sorted(found)


def check_structure(root=ROOT, trees=STRUCTURE_TREES):
    """Problems with the structure, as 'file:line: message' strings: import cycles, private
    names (`_x`) taken from another module, package __init__ files that are not empty."""
    modules = _module_files(root, trees)
    problems = []
    graph = import_graph(root, trees)
    for comp in cycles(graph):
        ring = []
        for m in comp:
            for t in sorted(graph[m]):
                if t in comp:
                    ring.append("%s -> %s (line %d)" % (m, t, graph[m][t]))
        problems.append("%s: import cycle among %s: %s" % (
            os.path.relpath(modules[comp[0]], root), ", ".join(comp), "; ".join(ring)))
    for name in sorted(modules):
        path = modules[name]
        rel = os.path.relpath(path, root).replace(os.sep, "/")
        with open(path, encoding="utf-8") as fh:
            source = fh.read()
        tree = ast.parse(source, rel)
        if rel.startswith("engine_core/") and rel.endswith("__init__.py") \
                and rel != "engine_core/__init__.py":
            if any(isinstance(n, (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.ClassDef))
                   for n in tree.body):
                problems.append("%s:1: a package __init__ stays empty (importing a leaf must not "
                                "load anything else)" % rel)
        aliases = {}
        for line, target, names, alias in _imports(tree, modules):
            for n in names:
                if n.startswith("_") and not n.startswith("__"):
                    problems.append("%s:%d: imports the private name %s from %s" % (rel, line, n, target))
            if alias:
                aliases[alias] = target
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id in aliases and node.attr.startswith("_") \
                    and not node.attr.startswith("__"):
                problems.append("%s:%d: uses the private name %s of %s" % (
                    rel, node.lineno, node.attr, aliases[node.value.id]))
    return problems


if __name__ == "__main__":
    import sys
    found = check_tree() + check_structure()
    for p in found:
        print(p)
    print("import gate: %d problem(s)" % len(found))
    sys.exit(1 if found else 0)
