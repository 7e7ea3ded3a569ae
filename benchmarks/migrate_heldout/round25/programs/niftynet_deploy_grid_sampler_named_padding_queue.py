"""NiftyNet-style inference: a grid sampler thread fills a named PaddingFIFOQueue, read by dequeue_up_to."""
import os

import numpy as np
import tensorflow as tf

from niftynet_lib.sampler_grid import GridSampler

tf1 = tf.compat.v1


class ImageReader(object):
    def __init__(self, folder):
        self.files = sorted(f for f in os.listdir(folder) if f.endswith('.txt'))
        self.folder = folder

    def __call__(self):
        for idx, name in enumerate(self.files):
            yield idx, np.loadtxt(os.path.join(self.folder, name), dtype=np.float32)


def write_data(root):
    os.makedirs(root, exist_ok=True)
    for s in range(3):
        image = np.arange(16, dtype=np.float32).reshape(4, 4) + 100 * s
        np.savetxt(os.path.join(root, 'subject_%02d_T1.txt' % s), image, fmt='%.1f')


def main(data_dir):
    root = os.path.join(data_dir, 'h25_niftynet_deploy_grid_sampler_named_padding_queue')
    write_data(root)
    sampler = GridSampler(ImageReader(root), window_size=(2, 2), queue_length=6)
    data_dict = sampler.pop_batch_op()
    image = data_dict['image']
    location = data_dict['image_location']
    net_out = tf.reduce_sum(image, axis=[1, 2, 3])

    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.global_variables_initializer())
        coord = tf1.train.Coordinator()
        sampler.run_threads(sess, coord, num_threads=1)
        try:
            while True:
                out, loc, img = sess.run([net_out, location, image])
                batches.append({'image': img.tolist(), 'location': loc.tolist(), 'out': out.tolist()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        sampler.close_all()
    return {'batches': batches, 'end': end}
