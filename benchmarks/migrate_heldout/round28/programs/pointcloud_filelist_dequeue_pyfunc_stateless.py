import os

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1
NUM_POINT = 5


def getDataFiles(list_filename):
    return [line.rstrip() for line in open(list_filename)]


def write_clouds(root):
    os.makedirs(root, exist_ok=True)
    names = []
    for k in range(7):
        pts = np.stack([np.linspace(0, 1, NUM_POINT) * (k + 1),
                        np.cos(np.arange(NUM_POINT) + k),
                        np.full(NUM_POINT, 0.5 * k)], axis=1).astype(np.float32)
        path = os.path.join(root, 'cloud_%02d.npz' % k)
        np.savez(path, data=pts, label=np.int64(k % 4))
        names.append(path)
    list_file = os.path.join(root, 'train_files.txt')
    with open(list_file, 'w') as f:
        f.write('\n'.join(names) + '\n')
    return list_file


def load_cloud(path):
    with np.load(path.decode()) as z:
        data = z['data']
        centroid = data.mean(axis=0, keepdims=True)
        return (data - centroid).astype(np.float32), np.int64(z['label'])


def provider(files, batch_size):
    filename_queue = v1.train.string_input_producer(files, shuffle=False, num_epochs=1)
    path = filename_queue.dequeue()
    points, label = v1.py_func(load_cloud, [path], [tf.float32, tf.int64], stateful=False, name='load_cloud')
    points.set_shape([NUM_POINT, 3])
    label.set_shape([])
    return v1.train.batch([points, label], batch_size, num_threads=1, allow_smaller_final_batch=True)


def main(data_dir):
    train_files = getDataFiles(write_clouds(os.path.join(data_dir, 'h28_pointcloud_filelist_dequeue_pyfunc_stateless')))
    point_cloud, labels = provider(train_files, batch_size=2)
    furthest = tf.reduce_max(tf.norm(point_cloud, axis=-1), axis=1)
    batches = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        while True:
            try:
                f, l = sess.run([furthest, labels])
            except tf.errors.OutOfRangeError:
                break
            batches.append([np.round(f, 4).tolist(), l.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': 'epoch %d' % 1}
