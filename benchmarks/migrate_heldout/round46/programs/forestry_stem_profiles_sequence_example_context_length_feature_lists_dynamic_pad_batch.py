import os
import tempfile

import numpy as np
import tensorflow.compat.v1 as tf

# diameters measured every metre up the stem, one sequence per felled tree
profiles = [[31, 29, 26, 22], [18, 16], [40, 38, 35, 31, 27], [22, 20, 17],
            [27, 25], [35, 33, 30, 26, 21, 15], [19], [24, 22, 19, 15], [30, 28, 24]]
taper_class = [[0, 0, 1, 1], [0, 1], [0, 0, 0, 1, 1], [0, 1, 1],
               [0, 0], [0, 0, 0, 1, 1, 2], [0], [0, 0, 1, 2], [0, 1, 1]]

def make_example(sequence, labels):
    # The object we return
    ex = tf.train.SequenceExample()
    # A non-sequential feature of our example
    sequence_length = len(sequence)
    ex.context.feature["length"].int64_list.value.append(sequence_length)
    # Feature lists for the two sequential features of our example
    fl_tokens = ex.feature_lists.feature_list["diameters"]
    fl_labels = ex.feature_lists.feature_list["labels"]
    for token, label in zip(sequence, labels):
        fl_tokens.feature.add().int64_list.value.append(token)
        fl_labels.feature.add().int64_list.value.append(label)
    return ex


def main(data_dir):
    folder = os.path.join(data_dir, "h46_stem_profiles")
    if not os.path.exists(folder):
        os.makedirs(folder)
    fname = os.path.join(folder, "stems.tfrecords")
    # Write all examples into a TFRecords file
    writer = tf.python_io.TFRecordWriter(fname)
    for sequence, label_sequence in zip(profiles, taper_class):
        ex = make_example(sequence, label_sequence)
        writer.write(ex.SerializeToString())
    writer.close()

    # Define how to parse the example
    context_features = {
        "length": tf.FixedLenFeature([], dtype=tf.int64)
    }
    sequence_features = {
        "diameters": tf.FixedLenSequenceFeature([], dtype=tf.int64),
        "labels": tf.FixedLenSequenceFeature([], dtype=tf.int64)
    }

    filename_queue = tf.train.string_input_producer([fname], num_epochs=1, shuffle=False)
    reader = tf.TFRecordReader()
    _, ex = reader.read(filename_queue)

    # Parse the example
    context_parsed, sequence_parsed = tf.parse_single_sequence_example(
        serialized=ex,
        context_features=context_features,
        sequence_features=sequence_features
    )

    # Batch the variable length tensor with dynamic padding
    batched_data = tf.train.batch(
        tensors=[context_parsed["length"], sequence_parsed["diameters"], sequence_parsed["labels"]],
        batch_size=3,
        dynamic_pad=True,
        name="stem_batch"
    )

    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                length, diam, lab = sess.run(batched_data)
                out.append([length.tolist(), diam.tolist(), lab.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "stems: %d" % sum(len(b[0]) for b in out)}
