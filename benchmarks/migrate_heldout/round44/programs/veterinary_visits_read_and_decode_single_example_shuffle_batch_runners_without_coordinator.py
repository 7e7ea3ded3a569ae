import os
import numpy as np
import tensorflow as tf

tf = tf.compat.v1


def write_visits(filename):
    rng = np.random.RandomState(44)
    writer = tf.python_io.TFRecordWriter(filename)
    for i in range(12):
        vitals = [int(rng.randint(60, 140)), int(rng.randint(12, 40)), int(rng.randint(375, 395))]
        example = tf.train.Example(features=tf.train.Features(feature={
            'visit_id': tf.train.Feature(int64_list=tf.train.Int64List(value=[5000 + i])),
            'label': tf.train.Feature(float_list=tf.train.FloatList(value=[round(rng.uniform(2, 45), 1)])),
            'vitals': tf.train.Feature(int64_list=tf.train.Int64List(value=vitals)),
        }))
        writer.write(example.SerializeToString())
    writer.close()


def read_and_decode_single_example(filename):
    # first construct a queue containing a list of filenames.
    # this lets a user split up there dataset in multiple files to keep
    # size down
    filename_queue = tf.train.string_input_producer([filename],
                                                    num_epochs=1)
    # Unlike the TFRecordWriter, the TFRecordReader is symbolic
    reader = tf.TFRecordReader()
    # One can read a single serialized example from a filename
    # serialized_example is a Tensor of type string.
    _, serialized_example = reader.read(filename_queue)
    # The serialized example is converted back to actual values.
    # One needs to describe the format of the objects to be returned
    features = tf.parse_single_example(
        serialized_example,
        features={
            # We know the length of both fields. If not the
            # tf.VarLenFeature could be used
            'visit_id': tf.FixedLenFeature([], tf.int64),
            'label': tf.FixedLenFeature([], tf.float32),
            'vitals': tf.FixedLenFeature([3], tf.int64)
        })
    # now return the converted data
    label = features['label']
    vitals = features['vitals']
    return features['visit_id'], label, vitals


def main(data_dir):
    folder = os.path.join(data_dir, "h44_vet_visits")
    if not os.path.isdir(folder):
        os.makedirs(folder)
    filename = os.path.join(folder, "visits.tfrecords")
    write_visits(filename)

    # get single examples
    visit_id, label, vitals = read_and_decode_single_example(filename)
    # groups examples into batches randomly
    ids_batch, labels_batch, vitals_batch = tf.train.shuffle_batch(
        [visit_id, label, vitals], batch_size=4,
        capacity=20,
        min_after_dequeue=8, seed=44)

    sess = tf.Session()
    init = tf.initialize_all_variables()
    sess.run(init)
    sess.run(tf.local_variables_initializer())
    tf.train.start_queue_runners(sess=sess)
    batches = []
    while True:
        try:
            ids, labels, vit = sess.run([ids_batch, labels_batch, vitals_batch])
        except tf.errors.OutOfRangeError:
            break
        batches.append([ids.tolist(), np.round(labels.astype(np.float64), 1).tolist(), vit.tolist()])
    return {"batches": batches, "end": "visits: %d" % sum(len(b[0]) for b in batches)}
