Pod::Spec.new do |s|
  s.name         = 'SettingsKit'
  s.version      = '1.0.0'
  s.summary      = 'Settings and About pages of TripLog.'
  s.platform     = :ios, '15.0'
  s.source       = { :path => '.' }
  s.source_files = 'Sources/**/*.swift'
  s.dependency 'Core'
end
