"""Visual question answering over public-aquarium tank photos (n2nmn-style data reader): an imdb of dicts in
a .npy file, per-image conv features in .npy files, a prefetching Python thread filling a `queue.Queue`,
and an evaluation pass (`one_pass=True`) fed into placeholders."""
from __future__ import absolute_import, division, print_function

import os

import numpy as np
import tensorflow.compat.v1 as tf

from vqa64_lib.util.data_reader import DataReader

T_encoder = 8
N_batch = 4
H_feat, W_feat, D_feat = 2, 2, 3

QUESTIONS = [
    ('how many clownfish are in the tank', 'three'),
    ('what color is the coral', 'orange'),
    ('is the octopus hiding', 'yes'),
    ('how many rays are swimming', 'two'),
    ('what is on the sand', 'starfish'),
    ('is the eel visible', 'no'),
    ('what color is the tang', 'blue'),
    ('how many turtles are there', 'one'),
    ('is the water murky', 'no'),
    ('what is near the glass', 'starfish'),
]


def build_imdb(folder):
    os.makedirs(os.path.join(folder, 'features'), exist_ok=True)
    rng = np.random.RandomState(64)
    words = sorted(set(w for q, _ in QUESTIONS for w in q.split()))
    answers = sorted(set(a for _, a in QUESTIONS))
    with open(os.path.join(folder, 'vocabulary_vqa.txt'), 'w') as f:
        f.write('\n'.join(['<unk>'] + words) + '\n')
    with open(os.path.join(folder, 'answers_vqa.txt'), 'w') as f:
        f.write('\n'.join(['<unk>'] + answers) + '\n')
    imdb = []
    for i, (q, a) in enumerate(QUESTIONS):
        feature_path = os.path.join(folder, 'features', 'tank_%03d.npy' % i)
        np.save(feature_path, np.round(rng.uniform(size=(1, H_feat, W_feat, D_feat)), 3).astype(np.float32))
        imdb.append(dict(image_name='tank_%03d' % i,
                         image_path='images/tank_%03d.jpg' % i,
                         feature_path=feature_path,
                         question_str=q + '?',
                         question_tokens=q.split(),
                         valid_answers=[a] * 3))
    np.save(os.path.join(folder, 'imdb_val.npy'), np.array(imdb, dtype=object))
    return len(words) + 1, len(answers) + 1


def main(data_dir):
    folder = os.path.join(data_dir, 'h64_aquarium_vqa')
    num_vocab, num_choices = build_imdb(folder)

    data_reader_tst = DataReader(os.path.join(folder, 'imdb_val.npy'),
                                 shuffle=False, one_pass=True,
                                 batch_size=N_batch,
                                 T_encoder=T_encoder,
                                 vocab_question_file=os.path.join(folder, 'vocabulary_vqa.txt'),
                                 vocab_answer_file=os.path.join(folder, 'answers_vqa.txt'))

    # Network inputs
    input_seq_batch = tf.placeholder(tf.int32, [None, None])
    seq_length_batch = tf.placeholder(tf.int32, [None])
    image_feat_batch = tf.placeholder(tf.float32, [None, H_feat, W_feat, D_feat])

    embedding_mat = tf.get_variable('embedding_mat', [num_vocab, D_feat],
                                    initializer=tf.constant_initializer(0.1))
    embedded_seq = tf.nn.embedding_lookup(embedding_mat, input_seq_batch)
    mask = tf.transpose(tf.sequence_mask(seq_length_batch, tf.shape(input_seq_batch)[0], tf.float32))
    q_encoding = tf.reduce_sum(embedded_seq * mask[:, :, None], axis=0)
    img_pool = tf.reduce_mean(image_feat_batch, axis=[1, 2])
    scores = tf.reduce_sum(q_encoding * img_pool, axis=1)

    sess = tf.Session(config=tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True)))
    sess.run(tf.global_variables_initializer())

    answer_correct = 0
    num_questions = 0
    batches = []
    for n_batch, batch in enumerate(data_reader_tst.batches()):
        scores_val = sess.run(scores, feed_dict={
            input_seq_batch: batch['input_seq_batch'],
            seq_length_batch: batch['seq_length_batch'],
            image_feat_batch: batch['image_feat_batch']})
        num_questions += len(batch['answer_label_batch'])
        answer_correct += int(np.sum(batch['answer_label_batch'] > 0))
        batches.append([batch['input_seq_batch'].T.tolist(),
                        batch['seq_length_batch'].tolist(),
                        batch['answer_label_batch'].tolist(),
                        np.round(scores_val, 4).tolist()])
    sess.close()
    return {"batches": batches,
            "end": "aquarium questions: %d in %d batches (known answers %d)" % (num_questions, len(batches), answer_correct)}
