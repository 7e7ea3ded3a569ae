import os

import tensorflow.compat.v1 as tf

SKATERS = [
    ("Aoki", 92.1, 171.3, False),
    ("Berg", 70.4, 140.0, False),
    ("Costa", 0.0, 0.0, True),
    ("Dubois", 81.5, 150.7, False),
    ("Eriksen", 66.0, 0.0, True),
    ("Fujita", 88.8, 166.2, False),
    ("Gallo", 59.3, 118.9, False),
    ("Holm", 74.7, 139.5, False),
]


def write_protocols(path):
    writer = tf.python_io.TFRecordWriter(path)
    for name, sp, fs, wd in SKATERS:
        writer.write(tf.train.Example(features=tf.train.Features(feature={
            'name': tf.train.Feature(bytes_list=tf.train.BytesList(value=[name.encode()])),
            'short_program': tf.train.Feature(float_list=tf.train.FloatList(value=[sp])),
            'free_skating': tf.train.Feature(float_list=tf.train.FloatList(value=[fs])),
            'withdrawn': tf.train.Feature(int64_list=tf.train.Int64List(value=[int(wd)])),
        })).SerializeToString())
    writer.close()


def read_protocol(filename_queue):
    reader = tf.TFRecordReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'name': tf.FixedLenFeature([], tf.string),
            'short_program': tf.FixedLenFeature([], tf.float32),
            'free_skating': tf.FixedLenFeature([], tf.float32),
            'withdrawn': tf.FixedLenFeature([], tf.int64),
        })
    total = features['short_program'] + features['free_skating']
    keep = tf.equal(features['withdrawn'], 0)
    return features['name'], total, keep


def main(data_dir):
    folder = os.path.join(data_dir, 'h49_skating_protocols')
    if not os.path.isdir(folder):
        os.makedirs(folder)
    path = os.path.join(folder, 'ladies_final.tfrecords')
    write_protocols(path)

    filename_queue = tf.train.string_input_producer([path], num_epochs=1)
    name, total, keep = read_protocol(filename_queue)
    names, totals = tf.train.maybe_batch([name, total], keep_input=keep, batch_size=4,
                                         allow_smaller_final_batch=True)

    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        step = 0
        while not coord.should_stop():
            n, t = sess.run([names, totals])
            batches.append([[x.decode() for x in n], [round(float(v), 2) for v in t]])
            step += 1
    except tf.errors.OutOfRangeError:
        print('Done after %d steps' % step)
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "ranked skaters: %d" % sum(len(b[0]) for b in batches)}
