class TrainConfig(object):
  """Training configuration"""
  batch_size = 4
  num_epochs = 1
  num_examples = None
  path = 'tiny-imagenet-200'
  model_name = 'vgg_16'
