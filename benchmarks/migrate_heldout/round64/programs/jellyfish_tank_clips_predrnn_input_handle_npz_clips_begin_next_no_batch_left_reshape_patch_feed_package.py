"""Next-frame prediction on jellyfish-tank camera clips, in the PredRNN layout: `datasets_factory.data_provider`
returns `InputHandle`s over an .npz of clips (`clips`, `dims`, `input_raw_data`), the test loop walks them with
`begin` / `get_batch` / `next` until `no_batch_left()`, and patches are fed into the model's placeholder."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from pred64_lib.data_provider import datasets_factory
from pred64_lib.utils import preprocess


class FLAGS:
    dataset_name = 'jellyfish'
    img_width = 4
    seq_length = 4
    input_length = 2
    img_channel = 1
    patch_size = 2
    batch_size = 2
    num_hidden = '4'


def write_jellyfish_clips(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(64)
    n_clips = 9
    frames = np.round(rng.uniform(size=(n_clips * 4, 1, 4, 4)), 3).astype(np.float32)
    clips = np.zeros((2, n_clips, 2), dtype=np.int32)
    for i in range(n_clips):
        clips[0, i] = [i * 4, 2]
        clips[1, i] = [i * 4 + 2, 2]
    dims = np.array([[1, 4, 4]], dtype=np.int32)
    path = os.path.join(folder, 'jellyfish-test.npz')
    np.savez(path, clips=clips, dims=dims, input_raw_data=frames)
    np.savez(os.path.join(folder, 'jellyfish-train.npz'), clips=clips, dims=dims, input_raw_data=frames)
    return os.path.join(folder, 'jellyfish-train.npz'), path


class Model(object):
    def __init__(self):
        # inputs
        self.x = tf.placeholder(tf.float32,
                                [FLAGS.batch_size,
                                 FLAGS.seq_length,
                                 FLAGS.img_width // FLAGS.patch_size,
                                 FLAGS.img_width // FLAGS.patch_size,
                                 FLAGS.patch_size * FLAGS.patch_size * FLAGS.img_channel])
        self.mask_true = tf.placeholder(tf.float32,
                                        [FLAGS.batch_size,
                                         FLAGS.seq_length - FLAGS.input_length - 1,
                                         FLAGS.img_width // FLAGS.patch_size,
                                         FLAGS.img_width // FLAGS.patch_size,
                                         FLAGS.patch_size * FLAGS.patch_size * FLAGS.img_channel])
        last = self.x[:, FLAGS.input_length - 1]
        prev = self.x[:, FLAGS.input_length - 2]
        gen = []
        for t in range(FLAGS.seq_length - FLAGS.input_length):
            nxt = last + 0.5 * (last - prev)
            gen.append(nxt)
            prev, last = last, nxt
        self.pred_seq = tf.stack(gen, axis=1)
        self.loss = tf.reduce_mean(tf.square(self.pred_seq - self.x[:, FLAGS.input_length:]), axis=[1, 2, 3, 4])
        self.sess = tf.Session()
        self.sess.run(tf.global_variables_initializer())

    def test(self, inputs, mask_true):
        feed_dict = {self.x: inputs}
        feed_dict.update({self.mask_true: mask_true})
        gen_ims, loss = self.sess.run([self.pred_seq, self.loss], feed_dict)
        return gen_ims, loss


def main(data_dir):
    folder = os.path.join(data_dir, 'h64_jellyfish_clips')
    train_path, valid_path = write_jellyfish_clips(folder)

    # load data
    test_input_handle = datasets_factory.data_provider(
        FLAGS.dataset_name, train_path, valid_path, FLAGS.batch_size, FLAGS.img_width, is_training=False)

    model = Model()

    batches = []
    batch_id = 0
    test_input_handle.begin(do_shuffle = False)
    mask_true = np.zeros((FLAGS.batch_size,
                          FLAGS.seq_length-FLAGS.input_length-1,
                          FLAGS.img_width//FLAGS.patch_size,
                          FLAGS.img_width//FLAGS.patch_size,
                          FLAGS.patch_size**2*FLAGS.img_channel))
    while(test_input_handle.no_batch_left() == False):
        batch_id = batch_id + 1
        test_ims = test_input_handle.get_batch()
        test_dat = preprocess.reshape_patch(test_ims, FLAGS.patch_size)
        img_gen, loss = model.test(test_dat, mask_true)
        batches.append([np.round(test_ims, 3).tolist(), np.round(img_gen, 3).tolist(), np.round(loss, 4).tolist()])
        test_input_handle.next()
    model.sess.close()
    return {"batches": batches, "end": "jellyfish clips: %d test batches of %d clips" % (batch_id, test_input_handle.total())}
