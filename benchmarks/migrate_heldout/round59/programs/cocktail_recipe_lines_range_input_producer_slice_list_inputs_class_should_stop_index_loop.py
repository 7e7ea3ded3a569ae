# coding: utf-8
# 先放关键代码: 用 range_input_producer 取下标, 再用 tf.slice 切出一个 batch 的鸡尾酒配方
import tensorflow as tf
import codecs
import os

BATCH_SIZE = 4
NUM_EXPOCHES = 5
DATA_FILE = "cocktails.txt"

SPIRITS = ['gin', 'rum', 'vodka', 'tequila', 'whisky']
MIXERS = ['tonic', 'cola', 'lime', 'soda']


def input_producer():
    array = codecs.open(DATA_FILE, encoding='utf-8').readlines()
    array = list(map(lambda line: line.strip(), array))
    i = tf.compat.v1.train.range_input_producer(NUM_EXPOCHES, num_epochs=1, shuffle=False).dequeue()
    inputs = tf.slice(array, [i * BATCH_SIZE], [BATCH_SIZE])
    return inputs


class Inputs(object):
    def __init__(self):
        self.inputs = input_producer()


def main(data_dir, *args, **kwargs):
    global DATA_FILE
    folder = os.path.join(data_dir, 'h59_cocktail_recipes')
    DATA_FILE = os.path.join(folder, 'cocktails.txt')
    if not os.path.isdir(folder):
        os.makedirs(folder)
        with codecs.open(DATA_FILE, 'w', encoding='utf-8') as f:
            for n in range(20):
                f.write('%s and %s %d cl\n' % (SPIRITS[n % 5], MIXERS[n % 4], 2 + n % 3))

    inputs = Inputs()
    init = tf.group(tf.compat.v1.global_variables_initializer(),
                    tf.compat.v1.local_variables_initializer())
    sess = tf.compat.v1.Session()
    sess.run(init)
    coord = tf.compat.v1.train.Coordinator()
    threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    end = None
    try:
        index = 0
        while not coord.should_stop() and index < 10:
            datalines = sess.run(inputs.inputs)
            index += 1
            # print("step: %d, batch data: %s" % (index, str(datalines)))
            batches.append([[d.decode('utf-8') for d in datalines]])
    except tf.errors.OutOfRangeError:
        end = "Done training, epoch limit reached."
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
