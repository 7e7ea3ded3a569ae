"""Caption evaluation input: im2txt-style prefetch queue (hand-built FIFOQueue + QueueRunner) of
SequenceExamples, one dequeue per preprocessing thread, and a dynamically padded batch_join."""

import os
import struct
import zlib

import tensorflow.compat.v1 as tf

from captions_lib import show_and_tell_model

CAPTIONS = [
    [1, 4, 5, 2], [1, 6, 7, 8, 2], [1, 3, 2], [1, 9, 10, 11, 4, 2], [1, 5, 5, 2],
    [1, 7, 2], [1, 8, 9, 10, 2], [1, 11, 3, 6, 7, 8, 2], [1, 4, 2], [1, 3, 9, 2], [1, 10, 6, 2],
]


def _png(rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def _to_sequence_example(image_bytes, caption):
    context = tf.train.Features(feature={
        "image/data": tf.train.Feature(bytes_list=tf.train.BytesList(value=[image_bytes])),
    })
    feature_lists = tf.train.FeatureLists(feature_list={
        "image/caption_ids": tf.train.FeatureList(
            feature=[tf.train.Feature(int64_list=tf.train.Int64List(value=[w])) for w in caption]),
    })
    return tf.train.SequenceExample(context=context, feature_lists=feature_lists)


def write_shards(data_dir):
    out = os.path.join(data_dir, "h21_captions")
    os.makedirs(out, exist_ok=True)
    for shard in range(2):
        path = os.path.join(out, "val-%05d-of-00002" % shard)
        with tf.python_io.TFRecordWriter(path) as writer:
            for i in range(shard, len(CAPTIONS), 2):
                image = _png([[(i * 20 + r * 4 + c) % 256 for c in range(4)] for r in range(4)])
                writer.write(_to_sequence_example(image, CAPTIONS[i]).SerializeToString())
    return os.path.join(out, "val-?????-of-00002")


def main(data_dir):
    config = show_and_tell_model.ModelConfig()
    config.input_file_pattern = write_shards(data_dir)
    model = show_and_tell_model.ShowAndTellModel(config, mode="eval")
    model.build()

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                images, input_seqs, target_seqs, mask = sess.run(
                    [model.images, model.input_seqs, model.target_seqs, model.input_mask])
                lengths = mask.sum(axis=1).tolist()
                batches.append({
                    "image_mean": [round(float(im.mean()), 4) for im in images],
                    "input": [row[:n].tolist() for row, n in zip(input_seqs, lengths)],
                    "target": [row[:n].tolist() for row, n in zip(target_seqs, lengths)],
                    "length": lengths,
                })
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": sum(len(b["length"]) for b in batches)}
