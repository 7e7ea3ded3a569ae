import os

import tensorflow.compat.v1 as tf

NUM_SHARDS = 2
INSTANCES_PER_SHARD = 6


def _int64_feature(value):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[value]))


def write_shards(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    for i in range(NUM_SHARDS):
        filename = os.path.join(out_dir, 'data.tfrecords-%.5d-of-%.5d' % (i, NUM_SHARDS))
        writer = tf.python_io.TFRecordWriter(filename)
        for j in range(INSTANCES_PER_SHARD):
            example = tf.train.Example(features=tf.train.Features(feature={
                'i': _int64_feature(i),
                'j': _int64_feature(j)}))
            writer.write(example.SerializeToString())
        writer.close()


def main(data_dir):
    out_dir = os.path.join(data_dir, 'h28_combine_batch_match_filenames_shuffle_batch')
    write_shards(out_dir)

    files = tf.train.match_filenames_once(os.path.join(out_dir, 'data.tfrecords-*'))
    # TF2's match_filenames_once gives a resource variable: read it as a tensor for the producer.
    filename_queue = tf.train.string_input_producer(tf.identity(files), shuffle=False, num_epochs=1)

    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'i': tf.FixedLenFeature([], tf.int64),
            'j': tf.FixedLenFeature([], tf.int64),
        })
    example, label = features['i'], features['j']
    batch_size = 3
    capacity = 10 + 3 * batch_size
    example_batch, label_batch = tf.train.shuffle_batch(
        [example, label], batch_size=batch_size, capacity=capacity, min_after_dequeue=3, seed=1)

    got = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(100):
                cur_example_batch, cur_label_batch = sess.run([example_batch, label_batch])
                got.append([cur_example_batch.tolist(), cur_label_batch.tolist()])
            end = 'step limit'
        except tf.errors.OutOfRangeError:
            end = 'out of range'
        coord.request_stop()
        coord.join(threads)
    return {'batches': got, 'end': end}
