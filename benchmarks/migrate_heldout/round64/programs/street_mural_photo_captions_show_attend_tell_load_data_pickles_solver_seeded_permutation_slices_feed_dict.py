"""Captions of street-mural photographs, trained the show-attend-and-tell way: `load_coco_data` reads the
split's pickles and feature array into a dict, and `CaptioningSolver.train()` permutes captions with numpy
each epoch and feeds slices (captions, and features gathered by image index) into the model's placeholders."""
from __future__ import division

import os
import pickle
import time

import numpy as np
import tensorflow.compat.v1 as tf


def load_pickle(path):
    with open(path, 'rb') as f:
        file = pickle.load(f)
        # print ('Loaded %s..' %path)
        return file


def save_pickle(data, path):
    with open(path, 'wb') as f:
        pickle.dump(data, f, pickle.HIGHEST_PROTOCOL)
        # print ('Saved %s..' %path)


def load_coco_data(data_path='./data', split='train'):
    data_path = os.path.join(data_path, split)
    start_t = time.time()
    data = {}

    data['features'] = np.load(os.path.join(data_path, '%s.features.npy' % split))
    with open(os.path.join(data_path, '%s.file.names.pkl' % split), 'rb') as f:
        data['file_names'] = pickle.load(f)
    with open(os.path.join(data_path, '%s.captions.pkl' % split), 'rb') as f:
        data['captions'] = pickle.load(f)
    with open(os.path.join(data_path, '%s.image.idxs.pkl' % split), 'rb') as f:
        data['image_idxs'] = pickle.load(f)

    if split == 'train':
        with open(os.path.join(data_path, 'word_to_idx.pkl'), 'rb') as f:
            data['word_to_idx'] = pickle.load(f)

    for k, v in data.items():
        if type(v) == np.ndarray:
            pass
            # print (k, type(v), v.shape, v.dtype)
        else:
            pass
            # print (k, type(v), len(v))
    end_t = time.time()
    # print ("Elapse time: %.2f" %(end_t - start_t))
    return data


def decode_captions(captions, idx_to_word):
    if captions.ndim == 1:
        T = captions.shape[0]
        N = 1
    else:
        N, T = captions.shape

    decoded = []
    for i in range(N):
        words = []
        for t in range(T):
            if captions.ndim == 1:
                word = idx_to_word[captions[t]]
            else:
                word = idx_to_word[captions[i, t]]
            if word == '<END>':
                words.append('.')
                break
            if word != '<NULL>':
                words.append(word)
        decoded.append(' '.join(words))
    return decoded


def write_mural_split(data_path):
    split_path = os.path.join(data_path, 'train')
    os.makedirs(split_path, exist_ok=True)
    sentences = ['a fox painted on brick', 'a giant blue whale', 'faces on a red wall',
                 'a fox beside a door', 'a whale over the river', 'red flowers on brick',
                 'faces beside a door', 'a blue river on a wall', 'flowers over the door',
                 'a giant fox', 'blue faces on brick', 'a red whale']
    vocab = ['<NULL>', '<START>', '<END>'] + sorted(set(w for s in sentences for w in s.split()))
    word_to_idx = {w: i for i, w in enumerate(vocab)}
    max_length = 6
    captions = np.zeros((len(sentences), max_length + 2), dtype=np.int32)
    for i, s in enumerate(sentences):
        ids = [word_to_idx['<START>']] + [word_to_idx[w] for w in s.split()] + [word_to_idx['<END>']]
        captions[i, :len(ids)] = ids
    image_idxs = np.array([i // 2 for i in range(len(sentences))], dtype=np.int32)
    rng = np.random.RandomState(64)
    features = np.round(rng.uniform(size=(6, 2, 3)), 3).astype(np.float32)
    np.save(os.path.join(split_path, 'train.features.npy'), features)
    save_pickle(['mural_%02d.jpg' % i for i in range(6)], os.path.join(split_path, 'train.file.names.pkl'))
    save_pickle(captions, os.path.join(split_path, 'train.captions.pkl'))
    save_pickle(image_idxs, os.path.join(split_path, 'train.image.idxs.pkl'))
    save_pickle(word_to_idx, os.path.join(split_path, 'word_to_idx.pkl'))


class CaptionGenerator(object):
    def __init__(self, word_to_idx, dim_feature=[2, 3], dim_embed=4, n_time_step=7):
        self.word_to_idx = word_to_idx
        self.idx_to_word = {i: w for w, i in word_to_idx.items()}
        self.V = len(word_to_idx)
        self.L = dim_feature[0]
        self.D = dim_feature[1]
        self.M = dim_embed
        self.T = n_time_step
        self._null = word_to_idx['<NULL>']

        # Place holder for features and captions
        self.features = tf.placeholder(tf.float32, [None, self.L, self.D])
        self.captions = tf.placeholder(tf.int32, [None, self.T + 1])

    def build_model(self):
        features = self.features
        captions = self.captions
        captions_in = captions[:, :self.T]
        mask = tf.to_float(tf.not_equal(captions_in, self._null))
        with tf.variable_scope('word_embedding'):
            w = tf.get_variable('w', [self.V, self.D], initializer=tf.constant_initializer(0.1))
            x = tf.nn.embedding_lookup(w, captions_in)
        context = tf.reduce_mean(features, 1)
        logits = tf.reduce_sum(x * context[:, None, :], axis=2)
        return tf.reduce_sum(logits * mask, axis=1)


class CaptioningSolver(object):
    def __init__(self, model, data, val_data, **kwargs):
        self.model = model
        self.data = data
        self.val_data = val_data
        self.n_epochs = kwargs.pop('n_epochs', 10)
        self.batch_size = kwargs.pop('batch_size', 100)
        self.print_every = kwargs.pop('print_every', 100)
        self.log_path = kwargs.pop('log_path', './log/')

    def train(self):
        # train/val dataset
        n_examples = self.data['captions'].shape[0]
        n_iters_per_epoch = int(np.ceil(float(n_examples)/self.batch_size))
        features = self.data['features']
        captions = self.data['captions']
        image_idxs = self.data['image_idxs']

        # build graphs for training model and sampling captions
        loss = self.model.build_model()

        config = tf.ConfigProto(allow_soft_placement = True)
        config.gpu_options.allow_growth = True
        seen = []
        with tf.Session(config=config) as sess:
            tf.global_variables_initializer().run()

            for e in range(self.n_epochs):
                rand_idxs = np.random.permutation(n_examples)
                captions = captions[rand_idxs]
                image_idxs = image_idxs[rand_idxs]

                for i in range(n_iters_per_epoch):
                    captions_batch = captions[i*self.batch_size:(i+1)*self.batch_size]
                    image_idxs_batch = image_idxs[i*self.batch_size:(i+1)*self.batch_size]
                    features_batch = features[image_idxs_batch]
                    feed_dict = {self.model.features: features_batch, self.model.captions: captions_batch}
                    l = sess.run(loss, feed_dict)

                    ground_truths = captions[image_idxs == image_idxs_batch[0]]
                    decoded = decode_captions(captions_batch, self.model.idx_to_word)
                    seen.append([decoded, image_idxs_batch.tolist(),
                                 np.round(features_batch, 3).tolist(), np.round(l, 3).tolist()])
        return seen


def main(data_dir):
    data_path = os.path.join(data_dir, 'h64_mural_captions')
    write_mural_split(data_path)
    np.random.seed(64)

    # load train dataset
    data = load_coco_data(data_path=data_path, split='train')
    word_to_idx = data['word_to_idx']

    model = CaptionGenerator(word_to_idx, dim_feature=[2, 3], dim_embed=4, n_time_step=7)

    solver = CaptioningSolver(model, data, None, n_epochs=1, batch_size=5, print_every=1000,
                              log_path='log/')

    batches = solver.train()
    return {"batches": batches, "end": "mural captions: %d in %d iterations" % (sum(len(b[0]) for b in batches), len(batches))}
