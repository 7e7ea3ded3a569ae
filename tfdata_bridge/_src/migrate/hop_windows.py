"""``FixedLengthRecordReader(hop_bytes=...)``: records that overlap (sliding windows cut by the reader).

    reader = tf.FixedLengthRecordReader(record_bytes=WINDOW * 4, header_bytes=8, hop_bytes=STRIDE * 4)

Legacy's rule (checked against the legacy reader on files of 0 to 31 bytes, hops below, equal to and above the
record size, with and without header and footer): after ``header_bytes``, record ``i`` starts at
``header_bytes + i * hop_bytes`` and exists while it and ``footer_bytes`` more fit in the file; bytes after the
last such record are ignored; ``hop_bytes=0`` reads records one after another. ``FixedLengthRecordDataset`` has
no hop, so each file is read whole (``read_file``) and cut by one ``substr`` at every start, in a function of one
file name, written before the dataset (the compressed form, ``encoding=``, stays refused).

A file shorter than ``header_bytes`` ends legacy's reading there: the reader cannot skip the header and raises
``OutOfRangeError``, which ends the pipeline, the later files unread (checked: with a header of 3, files of 2 and
10 bytes give nothing; files of 3 and 10 bytes give the second's records). With a header, the function marks such
a file with one element flagged ``True``, after its records (none), and the chain keeps the records up to the
first flag (``take_while``), then drops the flags. That needs one reader reading its files in sequence with no
record keys; a header read otherwise (keys, several readers) is refused, naming the difference.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, is_none


def hops(p) -> bool:
    """The pipeline reads with a ``FixedLengthRecordReader`` given a ``hop_bytes``."""
    s = p.source
    return s.reader == "FixedLengthRecordReader" and not is_none(s.reader_args.get("hop_bytes"))


def _header(p) -> bool:
    """A ``header_bytes`` other than none or a literal 0: a file may be shorter than it."""
    node = p.source.reader_args.get("header_bytes")
    return not is_none(node) and not (isinstance(node, cst.Integer) and node.evaluated_value == 0)


def hop_step(gen, p, readers: str | None) -> str:
    """The reader's step of the chain (``readers``: how many read at once, None for one in sequence); with a
    header, the records up to the first file shorter than it."""
    from tfdata_bridge._src.compiler import emit

    if _header(p) and readers is not None:
        raise Refusal(_short_file("several readers take its files at once"))
    name = hop_reader(gen, p, marked=_header(p))
    if readers is not None:
        return emit.interleave(name, readers, readers)
    if not _header(p):
        return emit.interleave(name, 1, None)
    from tfdata_bridge._src.migrate import graph_mode

    keep = graph_mode.wrapped(f"lambda record, short: {gen.v1}.logical_not(short)", gen.v1)
    drop = graph_mode.wrapped("lambda record, short: record", gen.v1)
    return f"{emit.interleave(name, 1, None)}\n    .take_while({keep})\n    .map({drop})"


def keyed_hop_read(gen, p, files: str) -> str:
    """The dataset of one file's records for a read whose keys are used: no header to mark short files by."""
    if _header(p):
        raise Refusal(_short_file("its record keys are used"))
    return f"{hop_reader(gen, p)}({files})"


def _short_file(why: str) -> str:
    return ("FixedLengthRecordReader(hop_bytes=..., header_bytes=...): a file shorter than the header ends legacy's "
            f"reading there, which the rewrite marks only for one reader reading its files in sequence, and {why}; "
            "not rewritten")


def hop_reader(gen, p, marked: bool = False) -> str:
    """The name of a function (written into ``gen.pending``) giving the dataset of one file's records as the
    legacy reader cut them."""
    from tfdata_bridge._src.migrate import graph_mode

    args, v1, code = p.source.reader_args, gen.v1, gen.code

    def arg(name: str) -> str | None:
        node = args.get(name)
        if is_none(node):
            return None
        return code(node) if isinstance(node, (cst.Name, cst.Integer, cst.Attribute)) else f"({code(node)})"

    record, header, footer, hop = arg("record_bytes"), arg("header_bytes"), arg("footer_bytes"), arg("hop_bytes")
    need = " + ".join(a for a in (header, record, footer) if a is not None)
    first = f"{header} + " if header is not None else ""
    name = gen.fresh("read_windows")
    fn = cst.parse_module(
        f"def {name}(filename):\n"
        f"    # FixedLengthRecordReader(hop_bytes=...): record i starts at header_bytes + i * hop_bytes, while it\n"
        f"    # and footer_bytes more fit in the file\n"
        f"    contents = {v1}.io.read_file(filename)\n"
        f"    size = {v1}.cast({v1}.strings.length(contents), {v1}.int64)\n"
        f"    stride = {hop} or {record}\n"
        f"    starts = {first}{v1}.range({v1}.maximum((size - ({need})) // stride + 1, 0)) * stride\n"
        f"    records = {v1}.strings.substr(contents, starts, {v1}.zeros_like(starts) + {record})\n"
        + (f"    return {v1}.data.Dataset.from_tensor_slices(records)\n" if not marked else
           f"    # a file shorter than the header ended legacy's reading: one element flagged True marks it\n"
           f"    short = {v1}.data.Dataset.from_tensors(({v1}.constant(b\"\"), True))\n"
           f"    short = short.take({v1}.cast(size < {header}, {v1}.int64))\n"
           f"    records = {v1}.data.Dataset.from_tensor_slices((records, {v1}.fill({v1}.shape(starts), False)))\n"
           f"    return records.concatenate(short)\n")).body[0]
    assert isinstance(fn, cst.FunctionDef)
    gen.pending.append(graph_mode.run_as_written(fn, v1))
    return name


__all__ = ["hop_reader", "hop_step", "hops", "keyed_hop_read"]
