"""``tf.IdentityReader``: each work string of the producer is the record, as both its key and its value.

    queue = tf.train.string_input_producer(paths, num_epochs=2, shuffle=False)
    key, path = tf.IdentityReader().read(queue)        # or in a helper taking the queue
    image = tf.io.decode_bmp(tf.read_file(path))
    images, keys = tf.train.batch([image, key], batch_size=4)

The reader kernel hands back the work string it dequeued, once, as key and as value (checked on TensorFlow
2.21's legacy reader: ``[b'a', b'a'], [b'bb', b'bb'], ...``, then the end of data). So the producer's chain is
the records: ``from_tensor_slices(paths).repeat(2)``, mapped to ``(work, work)`` where the key is used, then the
per-element code. What has no exact rewrite keeps its refusal: ``read_up_to`` (legacy's groups), the reader's
counters (``num_records_produced``: generate.py refuses counts where no reader dataset reads the files), and
every other form than a plain read (pipelines.READERS leaves the IdentityReader out).
"""

from __future__ import annotations

from tfdata_bridge._src.migrate import graph_mode
from tfdata_bridge._src.migrate.calls import Refusal


def identity_step(p, v1: str) -> str | None:
    """The chain step an IdentityReader adds to its producer's chain: the key beside the value where the key is
    read, else nothing (the work string is the value)."""
    s = p.source
    keyed = s.helper.key_used if s.helper is not None else len(s.params) == 2
    return f"map({graph_mode.wrapped('lambda work: (work, work)', v1)})" if keyed else None


def refuse_identity_groups(source) -> None:
    """``IdentityReader.read_up_to``: refused (legacy's groups of work strings are not checked against it)."""
    if source.reader == "IdentityReader":
        raise Refusal("`IdentityReader.read_up_to` is not rewritten: its groups of work strings are not checked "
                      "against legacy; read one work string at a time (`reader.read(queue)`), or keep the queue "
                      "(`migrate --to compat`)")


__all__ = ["identity_step", "refuse_identity_groups"]
