# raga phrase ids: each line holds max_document_length note ids then as many tag ids, space separated
_PAD = '_PAD'
_GO = '_GO'
_EOS = "_EOS"
_UNK = "_UNK"
_START_VOCAB = [_PAD, _GO, _EOS, _UNK]

PAD_ID = 0
GO_ID = 1
EOS_ID = 2
UNK_ID = 3

from sitar75.seq2seq_gpu import config
from sitar75.seq2seq_gpu.config import ner_setting
import tensorflow.compat.v1 as tf


def distorted_inputs(data_path, batch_size, num_epochs=None):
    file_queue = tf.train.string_input_producer(data_path, num_epochs=num_epochs)
    reader = tf.TextLineReader()
    key, value = reader.read(file_queue)

    decoded = tf.decode_csv(value, record_defaults=[[0] for i in range(ner_setting.max_document_length * 2)],
                            field_delim=" ")
    whole_list = tf.train.shuffle_batch(decoded,
                                        batch_size=batch_size,
                                        capacity=batch_size * 50,
                                        min_after_dequeue=batch_size * 10,
                                        num_threads=4)
    features = tf.transpose(tf.stack(whole_list[0:ner_setting.max_document_length]))
    label = tf.transpose(tf.stack(whole_list[ner_setting.max_document_length:]))
    return features, label
