"""Regulatory-genomics input (DeepSEA-style): DNA windows stored as raw ASCII bytes in TFRecords, one-hot encoded
in the graph; the training function builds its own graph and session."""

import os

import tensorflow.compat.v1 as tf

SEQ_LEN = 12
NUM_TARGETS = 3
NUM_TRAIN_EXAMPLES = 30
MIN_FRACTION_OF_EXAMPLES_IN_QUEUE = 0.4
BATCH_SIZE = 8
BASES = b"ACGT"


def write_windows(data_dir):
    out_dir = os.path.join(data_dir, "h16_genomics_own_graph_shapes")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "train.tfrecords")
    with tf.io.TFRecordWriter(path) as writer:
        for i in range(NUM_TRAIN_EXAMPLES):
            seq = bytes(BASES[(i * 5 + j * j + i * j + (i * j) // 3) % 4] for j in range(SEQ_LEN))
            targets = bytes([(i + t) % 2 for t in range(NUM_TARGETS)])
            example = tf.train.Example(features=tf.train.Features(feature={
                "seq_raw": tf.train.Feature(bytes_list=tf.train.BytesList(value=[seq])),
                "label_raw": tf.train.Feature(bytes_list=tf.train.BytesList(value=[targets])),
            }))
            writer.write(example.SerializeToString())
    return path


def read_and_decode(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(serialized_example, features={
        "seq_raw": tf.FixedLenFeature([], tf.string),
        "label_raw": tf.FixedLenFeature([], tf.string),
    })
    seq = tf.decode_raw(features["seq_raw"], tf.uint8)
    label = tf.decode_raw(features["label_raw"], tf.uint8)
    seq.set_shape([SEQ_LEN])
    bases = tf.constant(list(BASES), dtype=tf.uint8)
    index = tf.argmax(tf.cast(tf.equal(tf.expand_dims(seq, -1), bases), tf.int32), axis=-1)
    onehot = tf.reshape(tf.one_hot(index, 4), [1, SEQ_LEN, 4])
    gc_content = tf.reduce_mean(onehot[0, :, 1] + onehot[0, :, 2])
    targets = tf.cast(tf.reshape(label, [NUM_TARGETS]), tf.float32)
    return onehot, targets, gc_content


def train(path, num_epochs=2):
    with tf.Graph().as_default() as graph:
        filename_queue = tf.train.string_input_producer([path], num_epochs=num_epochs, shuffle=True, seed=2)
        seq, targets, gc = read_and_decode(filename_queue)
        min_after_dequeue = int(NUM_TRAIN_EXAMPLES * MIN_FRACTION_OF_EXAMPLES_IN_QUEUE)
        seqs, labels, gcs = tf.train.shuffle_batch(
            [seq, targets, gc], batch_size=BATCH_SIZE, num_threads=2,
            capacity=min_after_dequeue + 3 * BATCH_SIZE, min_after_dequeue=min_after_dequeue,
            shapes=[[1, SEQ_LEN, 4], [NUM_TARGETS], []], seed=3, allow_smaller_final_batch=True)
        init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())

    batches = []
    with tf.Session(graph=graph) as sess:
        sess.run(init_op)
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                s, l, g = sess.run([seqs, labels, gcs])
                batches.append([s.tolist(), l.tolist(), g.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return batches, step


def main(data_dir):
    batches, steps = train(write_windows(data_dir))
    return {"batches": batches, "end": "done after %d steps" % steps}
