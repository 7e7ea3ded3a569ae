"""``FixedLengthRecordReader(hop_bytes=...)``: records that overlap (sliding windows cut by the reader).

    reader = tf.FixedLengthRecordReader(record_bytes=WINDOW * 4, header_bytes=8, hop_bytes=STRIDE * 4)

Legacy's rule (checked against the legacy reader on files of 0 to 31 bytes, hops below, equal to and above the
record size, with and without header and footer): after ``header_bytes``, record ``i`` starts at
``header_bytes + i * hop_bytes`` and exists while it and ``footer_bytes`` more fit in the file; bytes after the
last such record are ignored; ``hop_bytes=0`` reads records one after another. ``FixedLengthRecordDataset`` has
no hop, so each file is read whole (``read_file``) and cut by one ``substr`` at every start, in a function of one
file name, written before the dataset (the compressed form, ``encoding=``, stays refused).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import is_none


def hops(p) -> bool:
    """The pipeline reads with a ``FixedLengthRecordReader`` given a ``hop_bytes``."""
    s = p.source
    return s.reader == "FixedLengthRecordReader" and not is_none(s.reader_args.get("hop_bytes"))


def hop_reader(gen, p) -> str:
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
        f"    stride = {hop} or {record}\n"
        f"    room = {v1}.cast({v1}.strings.length(contents), {v1}.int64) - ({need})\n"
        f"    starts = {first}{v1}.range({v1}.maximum(room // stride + 1, 0)) * stride\n"
        f"    records = {v1}.strings.substr(contents, starts, {v1}.zeros_like(starts) + {record})\n"
        f"    return {v1}.data.Dataset.from_tensor_slices(records)\n").body[0]
    assert isinstance(fn, cst.FunctionDef)
    gen.pending.append(graph_mode.run_as_written(fn, v1))
    return name


__all__ = ["hop_reader", "hops"]
