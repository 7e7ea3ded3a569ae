"""The recogniser's rewrite of a gathered object pipeline (``object_merge.py``), split back into its methods.

The making method keeps its own statements and builds the element dataset on the instance; the batching
method batches it and returns the iterator's batch, as its batch call did::

    def __init__(self, config, data_dir):
        ...
        self.dataset = (tf.data.TFRecordDataset(file_names).map(parse_record))

    def batch(self, batch_size):
        dataset = (self.dataset.padded_batch(batch_size, drop_remainder=True).prefetch(tf.data.AUTOTUNE))
        return list(tf.data.make_one_shot_iterator(dataset).get_next())

The chain is cut before its first batching step; generated statements go to the side that reads what they
make. Any piece that would read a name of the other method is refused.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, names_in
from tfdata_bridge._src.migrate.object_merge import _assigned_names

_CONSUMER_STEPS = {"shuffle", "batch", "padded_batch", "prefetch", "filter", "take", "unbatch", "ragged_batch",
                   "rebatch", "bucket_by_sequence_length", "apply", "cache", "skip"}


def _bare(stmt: cst.CSTNode) -> str:
    return cst.Module([]).code_for_node(stmt.with_changes(leading_lines=()))


def _links(expr: cst.BaseExpression) -> tuple[cst.BaseExpression, list[cst.Call]]:
    """(the head, the calls ``.step(...)`` after it, first to last)."""
    calls: list[cst.Call] = []
    while isinstance(expr, cst.Call) and isinstance(expr.func, cst.Attribute) and \
            isinstance(expr.func.value, (cst.Call, cst.Name)):
        calls.append(expr)
        expr = expr.func.value
    return expr, calls[::-1]


def _chain(head: cst.BaseExpression, links: list[cst.Call]) -> cst.BaseExpression:
    for call in links:
        head = call.with_changes(func=call.func.with_changes(value=head), lpar=(), rpar=())
    return head


def split(out_fn: cst.FunctionDef, maker_in: list, batcher_in: list, maker: cst.FunctionDef,
          batcher: cst.FunctionDef, attr: str, attrs: set[str], headline: set[str]) -> tuple[list, list]:
    """(the making method's new body, the batching method's) from the rewritten gathered function."""
    inputs = [(_bare(s), "maker", k) for k, s in enumerate(maker_in)] + \
             [(_bare(s), "batcher", k) for k, s in enumerate(batcher_in)]
    originals = {"maker": list(maker.body.body), "batcher": None}
    at = 0
    kept_maker: list = []
    moved_maker: list[int] = []
    after: list = []  # the batching method's kept statements and the generated block, in order
    generated: list = []
    for stmt in out_fn.body.body:
        code = _bare(stmt)
        j = next((j for j in range(at, len(inputs)) if inputs[j][0] == code), None)
        if j is None:
            if generated and after[-1] is not None:  # (the recogniser's statements are one block)
                raise Refusal("the pipeline's rewrite is not one block where the batch was")
            generated.append(stmt)
            after.append(None) if len(generated) == 1 else None
            continue
        for skipped in range(at, j):
            if inputs[skipped][1] == "maker":
                moved_maker.append(inputs[skipped][2])
        _, side, k = inputs[j]
        at = j + 1
        if side == "maker":
            if generated:
                raise Refusal("the pipeline's rewrite is not one block where the batch was")
            original = originals["maker"][k]
            if _bare(original) != code:
                raise Refusal(f"`{_bare(original).strip()}` sets an attribute the pipeline makes but stays outside it")
            kept_maker.append(original)
        else:
            after.append(stmt)
    moved_maker += [inputs[j][2] for j in range(at, len(inputs)) if inputs[j][1] == "maker"]
    if len(generated) < 2 or not moved_maker:
        raise Refusal("the pipeline was not rewritten as one dataset chain")
    *aux, chain_stmt, final = generated
    small = chain_stmt.body[0] if isinstance(chain_stmt, cst.SimpleStatementLine) else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name)):
        raise Refusal("the pipeline was not rewritten as one dataset chain")
    value = small.value
    head, links = _links(value)
    maker_only = _own(maker) - _own(batcher)
    batcher_only = _own(batcher) - _own(maker)
    # cut before the first batching step; earlier (the map in the batching method) where the map reads its names
    last = next((i for i, c in enumerate(links) if c.func.attr.value in _CONSUMER_STEPS), len(links))
    cuts = list(range(last, -1, -1))
    if last < len(links) and links[last].func.attr.value == "shuffle":
        # (a shuffle whose window the making method knows, ``RandomShuffleQueue(capacity, ...)`` made there: on
        # the elements, so the element dataset may shuffle them as well as the batching could)
        cuts.append(last + 1)
    refused = None
    for cut in cuts:
        try:
            sides, need_maker = _place(head, links, cut, aux, final, maker, batcher, maker_only, batcher_only)
            break
        except Refusal as exc:
            refused = refused or exc
    else:
        raise refused
    prefix, suffix = links[:cut], links[cut:]
    first = min(moved_maker)
    kept_ids = {id(s) for s in kept_maker}
    later = set().union(*(_assigned_names(s) for s in originals["maker"][first + 1:] if id(s) in kept_ids), set())
    if later & need_maker:
        raise Refusal(f"`{sorted(later & need_maker)[0]}` changes after the pipeline is made in "
                      f"`{maker.name.value}`")
    instance = maker.params.params[0].name.value
    target = cst.Attribute(cst.Name(instance), cst.Name(attr))
    built = _chain(head, prefix)
    if prefix:
        built = built.with_changes(lpar=value.lpar, rpar=value.rpar)
    # the pipeline's comment (``headline``: its lines) heads the making side; a statement's own comment stays
    lead = generated[0].leading_lines
    comment = [ln for ln in lead if ln.comment is None or ln.comment.value in headline]
    generated[0] = generated[0].with_changes(
        leading_lines=[ln for ln in lead if ln.comment is not None and ln.comment.value not in headline])
    aux = generated[:len(aux)] if aux else aux
    if not aux:
        chain_stmt = generated[0]
    maker_aux = [a for a, s in zip(aux, sides) if s == "maker"]
    make = [*maker_aux, cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], built)])]
    make[0] = make[0].with_changes(leading_lines=[*comment, *make[0].leading_lines])
    batched = _chain(cst.Attribute(cst.Name(instance), cst.Name(attr)), suffix).with_changes(
        lpar=value.lpar, rpar=value.rpar)
    use = [*[a for a, s in zip(aux, sides) if s == "batcher"], chain_stmt.with_changes(
        body=[small.with_changes(value=batched)], leading_lines=()), final]
    use[0] = use[0].with_changes(leading_lines=[cst.EmptyLine(comment=cst.Comment(
        f"# tfdata-bridge migrate: batches `{instance}.{attr}`, made in `{maker.name.value}`")),
        *use[0].leading_lines])
    # the dataset is made where the last statement it replaces was (a later statement may use it: a batch made
    # in ``__init__`` through the batching method)
    at_end = max(moved_maker)
    place = sum(1 for i, s in enumerate(originals["maker"]) if id(s) in kept_ids and i < at_end)
    maker_body = kept_maker[:place] + make + kept_maker[place:]
    pipeline_names = set(attrs) | maker_only
    batcher_body = []
    for stmt in after:
        if stmt is not None and names_in(stmt) & pipeline_names:
            raise Refusal(f"`{_bare(stmt).strip()}` in `{batcher.name.value}` reads "
                          f"`{sorted(names_in(stmt) & pipeline_names)[0]}` beside the batch")
        batcher_body += use if stmt is None else [stmt]
    return maker_body, batcher_body


def _place(head, links, cut, aux, final, maker, batcher, maker_only, batcher_only):
    """(the side of each generated statement, the names the making side reads) for a cut of the chain."""
    prefix, suffix = links[:cut], links[cut:]
    need_maker = names_in(head) | set().union(*(names_in(a) for c in prefix for a in c.args))
    need_batcher = set().union(*(names_in(a) for c in suffix for a in c.args)) | names_in(final)
    sides: list[str] = [""] * len(aux)
    for i in range(len(aux) - 1, -1, -1):
        made = _assigned_names(aux[i])
        to_maker, to_batcher = bool(made & need_maker), bool(made & need_batcher)
        if to_maker and to_batcher:
            raise Refusal(f"`{sorted(made)[0]}` is needed both where the dataset is made and where it is batched")
        sides[i] = "batcher" if to_batcher else "maker"
        (need_batcher if to_batcher else need_maker).update(_free(aux[i]))
    if need_maker & batcher_only:
        raise Refusal(f"the element dataset reads `{sorted(need_maker & batcher_only)[0]}`, a name of "
                      f"`{batcher.name.value}`; it cannot be made in `{maker.name.value}`")
    if need_batcher & maker_only:
        raise Refusal(f"the batching reads `{sorted(need_batcher & maker_only)[0]}`, a name of "
                      f"`{maker.name.value}`; it cannot be done in `{batcher.name.value}`")
    return sides, need_maker


def _free(stmt: cst.CSTNode) -> set[str]:
    """The names a generated statement reads from around it (a function's own names are not)."""
    from tfdata_bridge._src.migrate.object_merge import local_names

    return names_in(stmt) - local_names(stmt) if isinstance(stmt, cst.FunctionDef) else names_in(stmt)


def _own(fn: cst.FunctionDef) -> set[str]:
    from tfdata_bridge._src.migrate.object_merge import local_names

    return local_names(fn) - {fn.params.params[0].name.value}


__all__ = ["split"]
