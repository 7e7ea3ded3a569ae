import os

import numpy as np
import tensorflow.compat.v1 as tf

# Pretzel twist grading, after an unnamed `read_and_decode(filename_queue, is_batch, batch_size)` excerpt (MNIST
# shaped: a float32 'sample' and a float64 one-hot 'label' both stored as bytes and `decode_raw`'d, an `is_batch`
# switch choosing `shuffle_batch` with `min_after_dequeue = 10` / `capacity = min_after_dequeue+3*batch_size`).

#filename = './data/pretzel/test.tfrecords'

def read_and_decode(filename_queue, is_batch, batch_size):
 
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(serialized_example,
                                       features={
                                           'label': tf.FixedLenFeature([], tf.string),
                                           'sample' : tf.FixedLenFeature([], tf.string),
                                       })  
    img= tf.decode_raw(features['sample'],tf.float32)
    img= tf.reshape(img, [6])
    label = tf.decode_raw(features['label'],tf.float64)
    label = tf.reshape(label, [3])
 
    if is_batch:
        min_after_dequeue = 10
        capacity = min_after_dequeue+3*batch_size
        img, label = tf.train.shuffle_batch([img, label],
                                                          batch_size=batch_size, 
                                                          num_threads=1,
                                                          capacity=capacity,
                                                          min_after_dequeue=min_after_dequeue,
                                                          seed=69)
    return img, label


def main(data_dir):
    out = os.path.join(data_dir, "h69_pretzel")
    os.makedirs(out, exist_ok=True)
    filename = os.path.join(out, 'test.tfrecords')
    rng = np.random.RandomState(69)
    with tf.python_io.TFRecordWriter(filename) as w:
        for n in range(15):
            sample = rng.rand(6).astype(np.float32)  # loop widths, knot height, salt, colour...
            label = np.eye(3)[n % 3]
            w.write(tf.train.Example(features=tf.train.Features(feature={
                'label': tf.train.Feature(bytes_list=tf.train.BytesList(value=[label.tobytes()])),
                'sample': tf.train.Feature(bytes_list=tf.train.BytesList(value=[sample.tobytes()])),
            })).SerializeToString())

    filename_queue = tf.train.string_input_producer([filename], num_epochs=1)
    img_batch, label_batch = read_and_decode(filename_queue, True, 5)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                imgs, labels = sess.run([img_batch, label_batch])
                batches.append([np.round(imgs, 4).tolist(), labels.tolist()])
        except tf.errors.OutOfRangeError:
            print('Done reading')
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "pretzels: %d" % sum(len(b[0]) for b in batches)}
