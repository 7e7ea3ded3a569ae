"""A sequence model's padded batch: SequenceExamples of varying length (written here), parsed, their length
from ``tf.shape(...)[0]``, a PaddingFIFOQueue filled by ``[queue.enqueue([...])] * k`` run by a QueueRunner
(``tf.train.add_queue_runner``), read with ``dequeue_many``; a MonitoredSession loop to the end of the epoch."""

import os

import tensorflow.compat.v1 as tf

NUM_SEQUENCES = 24  # a multiple of the batch: which rows a short tail would hold depends on the threads


def write_sequences(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    paths = [os.path.join(out_dir, "seq-%d.tfrecord" % shard) for shard in range(2)]
    writers = [tf.python_io.TFRecordWriter(p) for p in paths]
    for i in range(NUM_SEQUENCES):
        steps = (i % 5) + 1
        ex = tf.train.SequenceExample(feature_lists=tf.train.FeatureLists(feature_list={
            "inputs": tf.train.FeatureList(feature=[
                tf.train.Feature(float_list=tf.train.FloatList(value=[float(i), float(t)])) for t in range(steps)]),
            "labels": tf.train.FeatureList(feature=[
                tf.train.Feature(int64_list=tf.train.Int64List(value=[i * 10 + t])) for t in range(steps)]),
        }))
        writers[i % 2].write(ex.SerializeToString())
    for w in writers:
        w.close()
    return paths


def get_padded_batch(file_list, batch_size, input_size, num_enqueuing_threads=4, num_epochs=None):
    file_queue = tf.train.string_input_producer(file_list, num_epochs=num_epochs)
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(file_queue)
    sequence_features = {
        "inputs": tf.FixedLenSequenceFeature(shape=[input_size], dtype=tf.float32),
        "labels": tf.FixedLenSequenceFeature(shape=[], dtype=tf.int64)}
    _, sequence = tf.parse_single_sequence_example(serialized_example, sequence_features=sequence_features)
    length = tf.shape(sequence["inputs"])[0]
    queue = tf.PaddingFIFOQueue(capacity=1000, dtypes=[tf.float32, tf.int64, tf.int32],
                                shapes=[(None, input_size), (None,), ()])
    enqueue_ops = [queue.enqueue([sequence["inputs"], sequence["labels"], length])] * num_enqueuing_threads
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, enqueue_ops))
    return queue.dequeue_many(batch_size)


def main(data_dir):
    files = write_sequences(os.path.join(data_dir, "hb_padded_times_k"))
    inputs, labels, lengths = get_padded_batch(files, 4, 2, num_enqueuing_threads=2, num_epochs=1)
    batches = []
    with tf.train.MonitoredSession(session_creator=tf.train.ChiefSessionCreator()) as sess:
        while not sess.should_stop():
            x, y, n = sess.run([inputs, labels, lengths])
            width = max(n)  # padded (with zeros) to the longest element of its batch, as the queue padded
            batches.append([[x[j, :n[j]].tolist() for j in range(len(n))], [y[j, :n[j]].tolist() for j in range(len(n))],
                            n.tolist(), [bool(x.shape[1] == width and not x[j, n[j]:].any() and not y[j, n[j]:].any())
                                         for j in range(len(n))]])
    return {"batches": batches, "end": "OutOfRangeError"}
