"""Attention-OCR style training input: an FSNS-like split, a shuffle config namedtuple, InputEndpoints."""
import os

import tensorflow.compat.v1 as tf

from ocr_lib import data_provider, fsns

BATCH_SIZE = 4


def create_input(dataset_dir):
    dataset = fsns.get_split('train', dataset_dir)
    shuffle_config = data_provider.ShuffleBatchConfig(num_batching_threads=2, queue_capacity=20,
                                                      min_after_dequeue=3)
    return dataset, data_provider.get_data(dataset, BATCH_SIZE, augment=False, central_crop_size=(6, 4),
                                           shuffle_config=shuffle_config, shuffle=True, num_epochs=2)


def main(data_dir):
    dataset_dir = os.path.join(data_dir, 'h24_fsns_attention_ocr_shuffle_config_endpoints')
    fsns.write_split(dataset_dir)
    dataset, endpoints = create_input(dataset_dir)
    chars_logit_argmax = tf.argmax(endpoints.labels_one_hot, axis=-1)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        end = 'steps'
        try:
            while not coord.should_stop():
                images, labels, ids, texts = sess.run(
                    [endpoints.images, endpoints.labels, chars_logit_argmax, endpoints.texts])
                decoded = [''.join(dataset.charset[int(c)] for c in row if c != dataset.null_code)
                           for row in ids]
                batches.append({
                    'shape': [list(images.shape[1:])] * len(texts),
                    'image_sum': [round(float(im.sum()), 3) for im in images],
                    'labels': labels.tolist(),
                    'decoded': decoded,
                    'text': [t.decode() for t in texts],
                })
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
