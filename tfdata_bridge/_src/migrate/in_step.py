"""Several sources read in step: one batch over the dequeues of two (or more) producers.

    xs = tf.train.input_producer(features, num_epochs=1, shuffle=False)
    ys = tf.train.input_producer(labels, num_epochs=1, shuffle=False)
    x = xs.dequeue()                                    # or ``xs = xs.dequeue()``, a slice producer, a reader
    y = ys.dequeue()
    bx, by = tf.train.batch([x, y], batch_size=16)

The batch's runner runs one enqueue op, which dequeues once from every source: with one runner thread and
every source unshuffled, element i of one is batched with element i of the other, whatever their lengths and
epochs (the first source to end ends the batch); that is ``tf.data.Dataset.zip((xs, ys))``, then the
per-element code. Measured on legacy (TF 2.21, 400 elements, three runs each): ``num_threads=1`` paired all
400 in order every time; ``num_threads=4`` mispaired 2, 15 and 19 of them; two producers shuffled without a
seed mispaired 399; with one seed they stayed paired only because both had the same length. So a source that
shuffles keeps its refusal, with the reason, except a string producer of one file (``[path]``: its shuffle
leaves it as it is, MNIST's image and label files). With several batch threads legacy's pairing is a race
(two fixed-length readers of one file each, 400 records, ``batch`` and ``shuffle_batch``, two runs each: 0, 46,
0 and 42 rows mispaired with 2 threads, 34, 30, 93 and 5 with 4), and what it promises is each source's
elements once each, in rows of one per source: the zip keeps that, pairing as one thread does (a run legacy
also makes), and its note says so.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, names_in, target_names
from tfdata_bridge._src.migrate.mutations import mutation_needs
from tfdata_bridge._src.migrate.static_values import literal

# the source kinds whose element stream is fixed when unshuffled (``pipelines.Source.kind``)
_KINDS = {"slice": "slice_input_producer", "range": "range_input_producer", "reader": "reader"}


def read_in_step(finder, body: list[cst.BaseStatement], found_at: int, first, intermediates: list,
                 needed: set[str], api: str, args: dict[str, cst.BaseExpression], refused: Refusal,
                 refuse_others: Callable[[list, list, set[str]], None]):
    """(the zipped source, the per-element statements, walking back in reverse program order) for a batch whose
    tensors also come from sources before ``first`` (found at ``body[found_at]``). ``refused``: the refusal to
    raise where no further source is recognised; ``refuse_others(before, between, free)`` refuses any other
    read left among the statements before the earliest source."""
    from tfdata_bridge._src.migrate.pipelines import Source, _assign, shaped_by

    sources = [(found_at, first)]
    taken = {id(s) for s in first.statements}
    committed = list(intermediates)  # reverse program order, as ``Finder.pipeline`` collects them
    pending: list[cst.BaseStatement] = []  # needed statements before the sources found so far
    needed = set(needed) - set(first.params)
    free = set(needed)  # what the committed statements need from before the earliest source
    for j in range(found_at - 1, -1, -1):
        prev = body[j]
        if id(prev) in taken:
            continue
        if shaped_by(prev, needed):
            pending.append(prev)
            continue
        changed = mutation_needs(prev, needed)
        if changed is not None:
            pending.append(prev)
            needed |= changed
            continue
        a = _assign(prev)
        defined = target_names(a.targets[0].target) if a is not None else None
        if not defined or not needed & set(defined):
            continue
        try:
            source = finder._source(body, j, a, defined)
        except Refusal:
            source = None  # not a source the rewrite reads: ``refuse_others`` says why, if it reads a queue
        if source is None:
            pending.append(prev)
            needed = (needed - set(defined)) | names_in(a.value)
            continue
        sources.append((j, source))
        taken |= {id(s) for s in source.statements}
        committed += pending
        pending = []
        needed -= set(source.params)
        free = set(needed)
    if len(sources) == 1:
        raise refused
    earliest = min(j for j, _ in sources)
    refuse_others([b for b in body[:earliest] if id(b) not in taken], committed, free)
    parts = [s for _, s in sorted(sources, key=lambda js: js[0])]
    racy = _check_pairing(finder, parts, api, args)
    statements = sorted({id(s): s for p in parts for s in p.statements}.values(),
                        key=lambda s: _position(body, s))
    params = [name for p in parts for name in p.params]
    return Source("zip", statements, params, parts=parts, racy=racy), committed


def _position(body: list[cst.BaseStatement], stmt: cst.BaseStatement) -> int:
    return next((i for i, b in enumerate(body) if b is stmt), len(body))


def _check_pairing(finder, parts: list, api: str, args: dict[str, cst.BaseExpression]) -> str:
    """Legacy pairs element i with element i with one runner thread and unshuffled sources (a producer of one
    file shuffles nothing). With more threads (or a count known only at run time) its pairing is a race: each
    thread dequeues from every source, and a thread may take element i of one source and i+1 of another, a few
    rows in a hundred (in the docstring's runs), differently from run to run; legacy promises each source's
    elements once each, in rows of one element per source, which the zip keeps, pairing them as one thread
    does. Gives that reason (for the note), or "" with one thread."""
    code = finder.code or cst.Module([]).code_for_node
    short = api.rsplit(".", 1)[-1]
    threads = args.get("num_threads")
    racy = ""
    # (a parameter every call in the tree leaves at 1, or passes 1: ``static_values.py``)
    if threads is not None and literal(finder, threads, threads) != 1:
        racy = (f"with num_threads={code(threads)} legacy's threads each dequeue from every source and pair "
                "element i of one with element i or a neighbour of another, from run to run (0 to 93 of 400 rows "
                "mispaired in runs with 2 and 4 threads); the zip pairs element i with element i, as one thread "
                "does, each source's elements once each, as legacy delivers them")
    many = args.get("enqueue_many")
    if many is not None and not (isinstance(many, cst.Name) and many.value == "False"):
        raise Refusal(f"`{short}` with enqueue_many={code(many)} reads {len(parts)} sources in step; not rewritten")
    _refuse_shared_queue(parts, short, code)
    seeded = _one_seed(finder, parts, code)
    for part in parts:
        what = part.producer or _KINDS.get(part.kind)
        if what is None or part.helper is not None or part.prefetch is not None or part.up_to is not None or \
                part.inlined or part.removes or any(p.startswith("*") for p in part.params):
            raise Refusal(f"`{short}` reads {len(parts)} sources in step and one of them ({what or part.kind}) is "
                          "not an input producer, a slice producer unpacked into names, or a reader read directly: "
                          "only those are zipped; not rewritten")
        if what == "reader":
            what = "string_input_producer"
        flag = part.call.get("shuffle")
        if (flag is None or literal(finder, flag, flag) is not False) and not _one_file(what, part) and \
                not seeded:
            said = "shuffles by default" if flag is None else f"has shuffle={code(flag)}"
            seed = part.call.get("seed")
            if seed is not None and code(seed).strip() != "None" and all(
                    (p.call.get("seed") is not None and code(p.call["seed"]).strip() == code(seed).strip())
                    for p in parts):
                lists = ", ".join(f"`{code(p.call['string_tensor']).strip()}`" if "string_tensor" in p.call else
                                  f"({p.producer or p.kind})" for p in parts)
                raise Refusal(f"`{short}` reads {len(parts)} sources in step, shuffled with one seed "
                              f"(seed={code(seed).strip()}), over {lists}: one seed keeps them paired only over file "
                              "lists of one length with the same shuffle and num_epochs, which the rewrite cannot "
                              "prove here; read one list of (image, label) file pairs, or give every source "
                              "shuffle=False (and shuffle after the zip), to have it rewritten")
            raise Refusal(f"`{short}` reads {len(parts)} sources in step and a `{what}` {said}: each producer "
                          "shuffles on its own, so legacy does not pair element i with element i; give every "
                          "source shuffle=False (and shuffle after the zip) to have it rewritten")
    return racy


def _refuse_shared_queue(parts: list, short: str, code) -> None:
    """Two readers of one filename queue do not read every file each: legacy's readers take turns at its files
    (each file is read whole by one of them, the next file by whichever asks next), so zipping a copy of the file
    list per reader would deliver every record twice. Refused, naming the shared statement."""
    seen: dict[int, int] = {}
    for k, part in enumerate(parts):
        for stmt in part.statements:
            if seen.setdefault(id(stmt), k) != k:
                made = code(stmt).strip().splitlines()[0]
                raise Refusal(f"`{short}` reads {len(parts)} sources in step that share `{made}`: readers of one "
                              "filename queue take turns at its files (each file read by one of them), not every "
                              "file each, so a zip of one file list per reader would deliver each record twice; "
                              "not rewritten (`migrate --to compat` keeps the readers)")


def _one_seed(finder, parts: list, code) -> bool:
    """Every source a ``string_input_producer`` over the same file list as written (the same name, or literal
    lists of one length), with the same ``seed`` (given, not None), ``shuffle`` and ``num_epochs``: legacy's
    producers then draw the same permutation each epoch (the same op seed, the same length: the docstring's runs
    stayed paired), and so do the rewrite's ``shuffle(size, seed=...)`` over each list, so element i of one still
    meets element i of the other (a paired images/labels layout read by two readers: held-out round 23)."""
    if len(parts) < 2 or any(part.kind != "reader" or part.producer for part in parts):
        return False

    def said(part, key: str) -> str | None:
        node = part.call.get(key)
        return None if node is None else code(node).strip()

    seeds = {said(part, "seed") for part in parts}
    if len(seeds) != 1 or None in seeds or seeds == {"None"}:
        return False
    if len({said(part, "shuffle") for part in parts}) != 1 or len({said(part, "num_epochs") for part in parts}) != 1:
        return False
    lists = [part.call.get("string_tensor") for part in parts]
    if all(isinstance(given, (cst.List, cst.Tuple)) for given in lists):
        return len({len(given.elements) for given in lists}) == 1 and not any(
            isinstance(el, cst.StarredElement) for given in lists for el in given.elements)
    return all(given is not None for given in lists) and len({code(given).strip() for given in lists}) == 1


def _one_file(what: str, part) -> bool:
    """A string producer of a one-element list literal (``[path]``): its shuffle leaves the order as it is, so
    its records come in the file's order whatever ``shuffle`` says (MNIST's image and label files)."""
    given = part.call.get("string_tensor")
    return what == "string_input_producer" and isinstance(given, cst.List) and len(given.elements) == 1 and \
        isinstance(given.elements[0], cst.Element)


def zipped_head(v1: str, chains: list[str], widths: list[int], wrap: Callable[[str], str]) -> tuple[str, list[str]]:
    """(head, steps) of the zip of the sources' ``chains``, each element of ``widths[i]`` components; a
    source of several components (``a, b = slice_input_producer([...])``) is flattened, so that the element
    function takes one parameter per name, in program order."""
    head = f"{v1}.data.Dataset.zip(({', '.join(chains)}))"
    if all(w == 1 for w in widths):
        return head, []
    names = [f"s{i}" for i in range(len(widths))]
    flat = ", ".join(f"*{n}" if w > 1 else n for n, w in zip(names, widths))
    params = ", ".join(names)
    return head, [f"map({wrap(f'lambda {params}: ({flat})')})"]
