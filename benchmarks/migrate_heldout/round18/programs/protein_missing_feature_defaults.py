"""Protein sequences in TFRecords where some records lack the family and length features; the parse spec is
built in a loop over an OrderedDict with `default_value`s; shuffled batches."""
import collections
import os

import tensorflow.compat.v1 as tf

FIELDS = collections.OrderedDict([
    ("family", (tf.int64, -1)),
    ("length", (tf.int64, 0)),
    ("organism", (tf.string, "unknown")),
])
AMINO = "ACDEFGHIKLMNPQRSTVWY"


def write_proteins(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "proteins.tfrecord")
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(17):
            seq = ("M" if i % 3 else "S") + "".join(AMINO[(i * 7 + k * 3) % 20] for k in range(5 + i % 6))
            feature = {"sequence": tf.train.Feature(bytes_list=tf.train.BytesList(value=[seq.encode()]))}
            if i % 4:
                feature["family"] = tf.train.Feature(int64_list=tf.train.Int64List(value=[i % 5]))
            if i % 5:
                feature["length"] = tf.train.Feature(int64_list=tf.train.Int64List(value=[len(seq)]))
            if i % 2:
                feature["organism"] = tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"E. coli"]))
            writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
    return path


def feature_spec():
    spec = {"sequence": tf.FixedLenFeature([], tf.string)}
    for name, (dtype, default) in FIELDS.items():
        spec[name] = tf.FixedLenFeature([], dtype, default_value=default)
    return spec


def read_protein(filename_queue):
    _, serialized = tf.TFRecordReader().read(filename_queue)
    parsed = tf.parse_single_example(serialized, feature_spec())
    sequence = parsed["sequence"]
    prefix = tf.strings.substr(sequence, 0, 3)
    starts_met = tf.cast(tf.strings.regex_full_match(sequence, "M.*"), tf.int32)
    measured = tf.cast(tf.strings.length(sequence), tf.int64)
    return [prefix, parsed["family"], parsed["length"], measured, parsed["organism"], starts_met]


def main(data_dir):
    path = write_proteins(os.path.join(data_dir, "h18_protein"))
    filename_queue = tf.train.string_input_producer([path], num_epochs=2)
    batch = tf.train.shuffle_batch(read_protein(filename_queue), batch_size=5, capacity=30, min_after_dequeue=5,
                                   num_threads=2, seed=5, allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                prefix, family, length, measured, organism, met = sess.run(batch)
                batches.append([[p.decode() for p in prefix], family.tolist(), length.tolist(), measured.tolist(),
                                [o.decode() for o in organism], met.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "exhausted"}
