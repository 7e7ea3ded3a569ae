"""Question-answering / dialogue input: SequenceExamples (a story of variable length plus context features)
written to small files, parsed with parse_single_sequence_example in a `record_reader(filename_queue)` helper
that returns a dict, batched as a dict with dynamic_pad."""

import os

import tensorflow.compat.v1 as tf


def write_stories(data_dir):
    folder = os.path.join(data_dir, "h13_dialog_sequence_examples")
    os.makedirs(folder, exist_ok=True)
    paths = []
    n = 0
    for shard in range(2):
        path = os.path.join(folder, "stories-%d.tfrecord" % shard)
        with tf.io.TFRecordWriter(path) as writer:
            for _ in range(11):
                length = 1 + n % 4
                example = tf.train.SequenceExample()
                example.context.feature["story_length"].int64_list.value.append(length)
                example.context.feature["answer"].int64_list.value.append(n % 3)
                story = example.feature_lists.feature_list["story"]
                for t in range(length):
                    story.feature.add().int64_list.value.append(n * 10 + t)
                writer.write(example.SerializeToString())
                n += 1
        paths.append(path)
    return paths


def record_reader(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized = reader.read(filename_queue)
    sequence_features = {"story": tf.FixedLenSequenceFeature([], dtype=tf.int64)}
    context_features = {
        "story_length": tf.FixedLenFeature([], dtype=tf.int64),
        "answer": tf.FixedLenFeature([], dtype=tf.int64),
    }
    context, sequence = tf.parse_single_sequence_example(
        serialized=serialized, context_features=context_features, sequence_features=sequence_features)
    return {"story": sequence["story"], "story_length": context["story_length"], "answer": context["answer"]}


def input_pipeline(filenames, batch_size):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
    records = record_reader(filename_queue)
    return tf.train.batch(records, batch_size=batch_size, dynamic_pad=True, allow_smaller_final_batch=True)


def main(data_dir):
    batch = input_pipeline(write_stories(data_dir), batch_size=4)
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                values = sess.run(batch)
                batches.append({k: v.tolist() for k, v in values.items()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
