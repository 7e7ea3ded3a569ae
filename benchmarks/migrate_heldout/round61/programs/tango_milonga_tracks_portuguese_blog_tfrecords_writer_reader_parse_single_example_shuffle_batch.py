# -*- coding: utf-8 -*-
# Lendo dados com filas no TensorFlow: faixas tocadas numa milonga (tango)
# Passo 1: escrever o arquivo TFRecord.  Passo 2: ler com TFRecordReader.  Passo 3: shuffle_batch.
import os
import numpy as np
import tensorflow.compat.v1 as tf


def _int64(v):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[v]))


def _float(v):
    return tf.train.Feature(float_list=tf.train.FloatList(value=v))


def _bytes(v):
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[v]))


def escrever(caminho):
    rng = np.random.RandomState(61)
    orquestras = [b'DArienzo', b'DiSarli', b'Pugliese', b'Troilo']
    with tf.python_io.TFRecordWriter(caminho) as escritor:
        for i in range(12):
            ex = tf.train.Example(features=tf.train.Features(feature={
                'faixa': _int64(i),
                'orquestra': _bytes(orquestras[i % 4]),
                'bpm_energia': _float([float(rng.randint(55, 70)), round(float(rng.uniform()), 3)]),
            }))
            escritor.write(ex.SerializeToString())


def ler_e_decodificar(fila):
    leitor = tf.TFRecordReader()
    _, serializado = leitor.read(fila)
    atributos = tf.parse_single_example(serializado, features={
        'faixa': tf.FixedLenFeature([], tf.int64),
        'orquestra': tf.FixedLenFeature([], tf.string),
        'bpm_energia': tf.FixedLenFeature([2], tf.float32),
    })
    return atributos['faixa'], atributos['orquestra'], atributos['bpm_energia']


def main(data_dir):
    pasta = os.path.join(data_dir, 'h61_tango')
    os.makedirs(pasta, exist_ok=True)
    caminho = os.path.join(pasta, 'milonga.tfrecords')
    escrever(caminho)

    fila = tf.train.string_input_producer([caminho], num_epochs=1)
    faixa, orquestra, bpm = ler_e_decodificar(fila)
    faixas, orquestras, bpms = tf.train.shuffle_batch([faixa, orquestra, bpm], batch_size=4,
                                                     capacity=20, min_after_dequeue=5, seed=61)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                f, o, b = sess.run([faixas, orquestras, bpms])
                batches.append([f.tolist(), [x.decode() for x in o], b.tolist()])
        except tf.errors.OutOfRangeError:
            pass  # print('Fim das faixas')
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "faixas: %d" % (4 * len(batches))}
